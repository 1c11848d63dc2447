"""Small supervised models over sentence embeddings: the FRAG router (simple vs complex) and the
relation-chain prior, and the weak supervision that labels their training questions. Training on the
benchmark datasets (``kgsparql train``) lives in ``kgsparql.eval.frag_training``; defaults ship in
the package."""
from .chains import chain_key, parse_chain_key
from .classifier import EmbeddingClassifier

__all__ = ["EmbeddingClassifier", "chain_key", "parse_chain_key"]

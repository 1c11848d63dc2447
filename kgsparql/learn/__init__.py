"""Small supervised models over sentence embeddings: the FRAG router (simple vs complex) and the
relation-chain prior. Trained by ``kgsparql train`` on dev splits only; defaults ship in the package."""
from .chains import chain_key, parse_chain_key
from .classifier import EmbeddingClassifier

__all__ = ["EmbeddingClassifier", "chain_key", "parse_chain_key"]

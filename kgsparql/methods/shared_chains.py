"""The shared trained chain scorer (``meaning.ChainScorer``: the model the default method and FRAG
rank relation chains with, fitted on questions of several KGs and read through each KG's own relation
words) for the methods that choose a chain by their own judgement (RefKG, KGFR). They blend its
confidence into their choice instead of keeping a copy of their own (docs/meaning.md)."""
from __future__ import annotations

from typing import Callable, Mapping, Sequence

from ..data import packaged_model
from ..meaning import ChainScorer, ChainText
from ..types import Relation

__all__ = ["load_chain_scorer", "chain_probabilities"]

Chain = tuple[Relation, ...]


def load_chain_scorer(ctx, path: str = "") -> ChainScorer | None:
    """The scorer at ``path`` (empty: the packaged one; ``none``: off), loaded once per process; None
    without MiniLM (the lexical encoder cannot feed it)."""
    if path == "none" or getattr(ctx.encoder, "lexical", False):
        return None
    where = path or packaged_model("relations.npz")
    return ctx.models.load(("chain-scorer", str(where)), lambda: ChainScorer.load(where))


def chain_probabilities(scorer: ChainScorer | None, encoder, masked: str, chains: Sequence[Chain],
                        verbalize: Callable[[Relation], str],
                        answers: Mapping[Chain, int] | None = None) -> dict[Chain, float]:
    """chain -> the scorer's softmax over ``chains`` for the masked question ({} without a scorer)."""
    if scorer is None or not chains:
        return {}
    texts = [ChainText(tuple(verbalize(r) for r in c), tuple(r.inverse for r in c), (answers or {}).get(c, 0))
             for c in chains]
    raw = scorer.score(masked, texts, encoder)
    return dict(zip(chains, scorer.probabilities(raw).tolist()))

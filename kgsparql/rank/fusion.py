"""Score fusion: ``FusionRanker`` (BM25 and embedding scores, each min-max normalised over the items
of the call, combined as ``weight * embedding + (1 - weight) * bm25``; see docs/linking.md for why)
and ``fuse_prior`` (a learned prior fused with a zero-shot ranker's scores)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import numpy as np

from ..errors import ConfigError
from .base import RankerContext, default_context

__all__ = ["FusionRanker", "minmax", "fuse_prior"]


def minmax(scores: Sequence[float]) -> list[float]:
    """Scale to [0, 1]; all-equal scores carry no ranking information and become 0."""
    if not len(scores):
        return []
    lo, hi = min(scores), max(scores)
    if hi - lo <= 1e-12:
        return [0.0] * len(scores)
    return [(s - lo) / (hi - lo) for s in scores]


def fuse_prior(prior: Sequence[float], semantic: Sequence[float], weight: float) -> np.ndarray:
    """``weight * prior + (1 - weight) * semantic`` over the candidates at hand, the prior as the
    probability it gives each candidate: a confident prior (0.9 on one candidate) decides, an unsure
    one (0.2 against 0.1) leaves the order to ``semantic`` (which should already be on [0, 1]).
    Without any prior mass on the candidates, the semantic scores alone."""
    prior, semantic = np.asarray(prior, dtype=float), np.asarray(semantic, dtype=float)
    if not len(prior) or prior.max() <= 0:
        return semantic
    return weight * prior + (1 - weight) * semantic


class FusionRanker:
    """Weighted sum of min-max normalised embedding and BM25 scores (``weight`` = embedding share)."""

    name = "fusion"

    @dataclass(frozen=True)
    class Options:
        weight: float = 0.7

        def __post_init__(self) -> None:
            if not 0.0 <= self.weight <= 1.0:
                raise ConfigError(f"fusion weight must be between 0 and 1, not {self.weight}")

    def __init__(self, ctx: RankerContext | None = None):
        ctx = default_context("fusion", ctx, self.Options)
        self.weight = ctx.options.weight
        self.bm25 = ctx.ranker("bm25")
        self.embedding = ctx.ranker("embedding")

    def embed(self, texts: Sequence[str]):
        return self.embedding.embed(texts)

    def rank(self, query: str, items: list[str]) -> list[float]:
        if not items:
            return []
        lexical = minmax(self.bm25.rank(query, items))
        semantic = minmax(self.embedding.rank(query, items))
        w = self.weight
        return [w * s + (1.0 - w) * l for s, l in zip(semantic, lexical)]

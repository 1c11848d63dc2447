"""Hybrid ranking: BM25 and embedding scores, each min-max normalised over the items of the call,
combined as ``weight * embedding + (1 - weight) * bm25`` (see docs/linking.md for why)."""
from __future__ import annotations

from typing import Any, Sequence

from ..config import Settings
from ..errors import ConfigError
from .bm25 import BM25Ranker
from .embedding import EmbeddingRanker

__all__ = ["FusionRanker", "minmax"]


def minmax(scores: Sequence[float]) -> list[float]:
    """Scale to [0, 1]; all-equal scores carry no ranking information and become 0."""
    if not scores:
        return []
    lo, hi = min(scores), max(scores)
    if hi - lo <= 1e-12:
        return [0.0] * len(scores)
    return [(s - lo) / (hi - lo) for s in scores]


class FusionRanker:
    """Weighted sum of min-max normalised embedding and BM25 scores (``weight`` = embedding share)."""

    name = "fusion"

    def __init__(self, settings: Settings | None = None, **overrides: Any):
        settings = settings or Settings()
        opts = {**dict(settings.plugin("fusion")), **overrides}
        self.weight = float(opts.get("weight", 0.7))
        if not 0.0 <= self.weight <= 1.0:
            raise ConfigError(f"fusion weight must be between 0 and 1, not {self.weight}")
        self.bm25 = BM25Ranker(settings)
        self.embedding = EmbeddingRanker(settings)

    def embed(self, texts: Sequence[str]):
        return self.embedding.embed(texts)

    def rank(self, query: str, items: list[str]) -> list[float]:
        if not items:
            return []
        lexical = minmax(self.bm25.rank(query, items))
        semantic = minmax(self.embedding.rank(query, items))
        w = self.weight
        return [w * s + (1.0 - w) * l for s, l in zip(semantic, lexical)]

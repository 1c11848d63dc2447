"""Lexical ranking with rank-bm25's BM25Okapi over the items of each call (words: lower case, split
on non-alphanumerics including ``_``; function words dropped unless ``stopwords = false``)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

import numpy as np
from rank_bm25 import BM25Okapi

from ..errors import ConfigError
from .base import RankerContext, default_context, tokenize

__all__ = ["BM25Ranker", "FlooredBM25"]


class FlooredBM25(BM25Okapi):
    """BM25Okapi whose IDF never drops to zero or below.

    Okapi's IDF is ``log((N - n + .5) / (n + .5))``: zero or negative for a word found in half or
    more of the documents. rank-bm25 floors negative values at ``epsilon * average_idf``, which is
    itself <= 0 for the tiny corpora rankers see (two relation labels: "directed" gets IDF 0 and
    "who directed X" cannot tell "directed by" from "release year"). We keep the floor idea but
    make it positive: ``epsilon * max(average_idf, 1)``, so a shared word still counts a little and
    rarer words still count more."""

    def _calc_idf(self, nd: Mapping[str, int]) -> None:
        super()._calc_idf(nd)
        floor = self.epsilon * max(self.average_idf, 1.0)
        for word, idf in self.idf.items():
            if idf < floor:
                self.idf[word] = floor


class BM25Ranker:
    """BM25 (rank-bm25) over the items of each call."""

    name = "bm25"

    @dataclass(frozen=True)
    class Options:
        k1: float = 1.5
        b: float = 0.75
        epsilon: float = 0.25
        stopwords: bool = True          # drop function words

        def __post_init__(self) -> None:
            if self.k1 < 0 or not 0 <= self.b <= 1 or self.epsilon < 0:
                raise ConfigError("need k1 >= 0, 0 <= b <= 1 and epsilon >= 0")

    def __init__(self, ctx: RankerContext | None = None):
        opts = default_context("bm25", ctx, self.Options).options
        self.k1, self.b, self.epsilon, self.stopwords = opts.k1, opts.b, opts.epsilon, opts.stopwords

    def rank(self, query: str, items: list[str]) -> list[float]:
        docs = [tokenize(item, self.stopwords) for item in items]
        words = tokenize(query, self.stopwords)
        if not words or not any(docs):
            return [0.0] * len(items)
        bm25 = FlooredBM25(docs, k1=self.k1, b=self.b, epsilon=self.epsilon)
        return [float(s) for s in np.asarray(bm25.get_scores(words))]

"""Lexical ranking with rank-bm25's BM25Okapi over the items of each call (words: lower case, split
on non-alphanumerics including ``_``; function words dropped unless ``stopwords = false``)."""
from __future__ import annotations

from typing import Any, Mapping

import numpy as np
from rank_bm25 import BM25Okapi

from ..config import Settings
from .base import tokenize

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
    """``rank(query, items)``: BM25 score of each item (as a document) for the query."""

    name = "bm25"

    def __init__(self, settings: Settings | None = None, **overrides: Any):
        opts = {**dict((settings or Settings()).plugin("bm25")), **overrides}
        self.k1 = float(opts.get("k1", 1.5))
        self.b = float(opts.get("b", 0.75))
        self.epsilon = float(opts.get("epsilon", 0.25))
        self.stopwords = bool(opts.get("stopwords", True))

    def rank(self, query: str, items: list[str]) -> list[float]:
        docs = [tokenize(item, self.stopwords) for item in items]
        words = tokenize(query, self.stopwords)
        if not words or not any(docs):
            return [0.0] * len(items)
        bm25 = FlooredBM25(docs, k1=self.k1, b=self.b, epsilon=self.epsilon)
        return [float(s) for s in np.asarray(bm25.get_scores(words))]

"""Rankers score a list of texts against a query: ``rank(query, items) -> list[float]``, one score
per item, higher is better, in the order of ``items``. Built-ins (entry-point group
``kgsparql.rankers``): ``bm25`` (rank-bm25), ``embedding`` (MiniLM cosine), ``fusion`` (both)."""
from .base import Ranker, build_ranker, tokenize

__all__ = ["Ranker", "build_ranker", "tokenize"]

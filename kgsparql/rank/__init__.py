"""Rankers score a list of texts against a query: ``rank(query, items) -> list[float]``, one score
per item, higher is better, in the order of ``items``. Built-ins (entry-point group
``kgsparql.rankers``): ``bm25`` (rank-bm25), ``embedding`` (MiniLM cosine), ``fusion`` (both)."""
from .base import Ranker, RankerContext, Rankers, build_ranker, tokenize
from .fusion import fuse_prior, minmax

__all__ = ["Ranker", "RankerContext", "Rankers", "build_ranker", "tokenize", "minmax", "fuse_prior"]

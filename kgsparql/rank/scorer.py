"""Fact scorers: how well one KG fact supports a (sub-)query, for RefKG's knowledge refinement.

A scorer is a plugin of the entry-point group ``kgsparql.scorers`` (kind ``scorer``), constructed
like a ranker as ``Scorer(ctx)`` with a ``RankerContext`` (its options, the shared models and the
ranker pool). It scores facts given as ``(subject, relation words, object)`` in stored KG order::

    scorer.score("who directed Kismet", [("Kismet", "directed by", "William Dieterle")]) -> [0.71]

Scores are in [0, 1]; RefKG drops the facts scoring under its ``alpha``. The paper trains an expert
scorer for this; the built-in ``minilm`` (``meaning/fact_scorer.py``) is training-free, and a trained model registered under
another name replaces it through ``[methods.refkg] scorer = "NAME"``."""
from __future__ import annotations

from typing import Protocol, Sequence, runtime_checkable

from ..errors import PluginError
from ..registry import create
from .base import RankerContext, Rankers

__all__ = ["Scorer", "Fact", "build_scorer"]

Fact = tuple[str, str, str]     # (subject name, relation words, object name), stored order


@runtime_checkable
class Scorer(Protocol):
    """Scores ``facts`` against ``query``: one float in [0, 1] per fact, same order."""

    def score(self, query: str, facts: Sequence[Fact]) -> list[float]: ...


def build_scorer(name: str, rankers: Rankers) -> Scorer:
    """The scorer registered as ``name``, built on the shared ranker pool (its models, its rankers)."""
    scorer = create("scorer", name, rankers.settings, context=RankerContext, models=rankers.models, rankers=rankers)
    if not callable(getattr(scorer, "score", None)):
        raise PluginError(f"scorer {name!r} has no score(query, facts) method")
    return scorer

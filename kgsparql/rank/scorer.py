"""Fact scorers: how well one KG fact supports a (sub-)query, for RefKG's knowledge refinement.

A scorer is a plugin of the entry-point group ``kgsparql.scorers`` (kind ``scorer``), constructed
like a ranker as ``Scorer(ctx)`` with a ``RankerContext`` (its options, the shared models and the
ranker pool). It scores facts given as ``(subject, relation words, object)`` in stored KG order::

    scorer.score("who directed Kismet", [("Kismet", "directed by", "William Dieterle")]) -> [0.71]

Scores are in [0, 1]; RefKG drops the facts scoring under its ``alpha``. The paper trains an expert
scorer for this; the built-in ``minilm`` is training-free, and a trained model registered under
another name replaces it through ``[methods.refkg] scorer = "NAME"``."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol, Sequence, runtime_checkable

import numpy as np

from ..errors import ConfigError, PluginError
from ..meaning.matcher import RelationMatcher
from ..registry import create
from .base import RankerContext, Rankers, stems

__all__ = ["Scorer", "Fact", "MiniLMScorer", "build_scorer"]

Fact = tuple[str, str, str]     # (subject name, relation words, object name), stored order


@runtime_checkable
class Scorer(Protocol):
    """Scores ``facts`` against ``query``: one float in [0, 1] per fact, same order."""

    def score(self, query: str, facts: Sequence[Fact]) -> list[float]: ...


class MiniLMScorer:
    """How well the fact's relation words match the query by meaning (the shared
    ``meaning.RelationMatcher``: the best of the whole query's and each content word's MiniLM cosine,
    blended with the share of the relation's word stems the query uses; ``by_meaning = false``: the
    whole query's cosine alone), raised by ``entity_bonus`` when the fact's subject or object is named
    in the query. Relation phrases are few and cached, so thousands of facts cost a few encodings."""

    name = "minilm"

    @dataclass(frozen=True)
    class Options:
        entity_bonus: float = 0.2     # added when a fact's subject or object is named in the query
        by_meaning: bool = True       # the shared relation matcher (else the whole query's cosine)

        def __post_init__(self) -> None:
            if not 0 <= self.entity_bonus <= 1:
                raise ConfigError("entity_bonus must be in [0, 1]")

    def __init__(self, ctx: RankerContext | None = None):
        ctx = ctx or RankerContext(name="minilm", options=self.Options())
        self.options = ctx.options or self.Options()
        self.encoder = ctx.ranker("embedding")

    def score(self, query: str, facts: Sequence[Fact]) -> list[float]:
        if not facts:
            return []
        relations = sorted({r for _, r, _ in facts})
        if self.options.by_meaning:
            cosine = dict(zip(relations, RelationMatcher(encoder=self.encoder).name_scores(query, relations).tolist()))
        else:
            vectors = self.encoder.embed([query, *relations])
            cosine = dict(zip(relations, (vectors[1:] @ vectors[0]).tolist()))
        words = stems(query)
        out = []
        for subject, relation, obj in facts:
            named = _named(subject, words) or _named(obj, words)
            out.append(float(np.clip(cosine[relation] + (self.options.entity_bonus if named else 0.0), 0.0, 1.0)))
        return out


def _named(name: str, query_stems: set[str]) -> bool:
    own = stems(name)
    return bool(own) and own <= query_stems


def build_scorer(name: str, rankers: Rankers) -> Scorer:
    """The scorer registered as ``name``, built on the shared ranker pool (its models, its rankers)."""
    scorer = create("scorer", name, rankers.settings, context=RankerContext, models=rankers.models, rankers=rankers)
    if not callable(getattr(scorer, "score", None)):
        raise PluginError(f"scorer {name!r} has no score(query, facts) method")
    return scorer

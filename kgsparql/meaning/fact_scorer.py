"""The built-in fact scorer ``minilm`` (entry-point group ``kgsparql.scorers``; the protocol is
``rank.scorer.Scorer``): a fact's relation words against the (sub-)query by meaning, the same
``RelationMatcher`` the question and claim paths use. It lives with the meaning layer because it reads
relations by meaning; the protocol and ``build_scorer`` stay in ``rank``."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import numpy as np

from ..errors import ConfigError
from ..rank.base import RankerContext, stems
from ..rank.scorer import Fact
from .matcher import RelationMatcher

__all__ = ["MiniLMScorer"]


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

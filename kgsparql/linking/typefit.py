"""Type fit for schema-less KGs: an entity's "type" is the set of relations it takes part in, and
it fits a question when the question's words (outside the mention) name one of those relations.

``who directed Up``: the film *Up* has ``directed_by``, the tag *up* only ``has_tags``; ``movies
starring Judd Apatow``: the person has ``starred_actors`` (in), the tag does not. Fit of an entity
= max over its relations of the share of the relation's content words whose stem occurs in the
context, in [0, 1]. A ranker (e.g. ``embedding``) can replace the word overlap."""
from __future__ import annotations

import math
from typing import Iterable, Sequence

from ..rank.base import stem, stems, tokenize
from ..rank.fusion import minmax
from ..types import Entity
from .matching import Reading
from .text import Token

__all__ = ["relation_fit", "ranked_fit", "degree_share", "with_degree", "degree_per_span", "without_reading",
           "DEGREE_SHARE"]

DEGREE_SHARE = 0.3      # the popularity signal's weight beside relation fit (1): it breaks near ties

def _found(rel_stem: str, words: set[str], context_stems: set[str]) -> bool:
    """A stem is found as a stem of the context or, from 4 letters, inside a context word
    (``writ`` in ``screenwriter``)."""
    return rel_stem in context_stems or (len(rel_stem) >= 4 and any(rel_stem in w for w in words))


def relation_fit(context: str, labels: Iterable[str]) -> float:
    """Best share of a relation label's word stems found in ``context`` (0 when none)."""
    words = set(tokenize(context, stopwords=True))
    context_stems = {stem(w) for w in words}
    best = 0.0
    for label in labels:
        rel = stems(label)
        if rel:
            best = max(best, sum(_found(s, words, context_stems) for s in rel) / len(rel))
    return best


def degree_share(facts: dict) -> dict:
    """Each candidate's number of facts on a log scale, 1 for the best-connected one (``facts``:
    entity -> facts counted by ``adapter.relations``): *Barack Obama* over *Barack Obama, Sr.*."""
    top = max((math.log1p(n) for n in facts.values()), default=0.0)
    return {e: (math.log1p(n) / top if top > 0 else 0.0) for e, n in facts.items()}


def with_degree(fit: float, degree: float) -> float:
    """Relation fit and degree share in one value in [0, 1], degree weighing ``DEGREE_SHARE``."""
    return (fit + DEGREE_SHARE * degree) / (1 + DEGREE_SHARE)


def ranked_fit(ranker, question: str, labels_of: dict) -> dict:
    """Fit through a ranker: the relation labels of all candidates ranked against the question in
    one call, min-max normalised, each entity taking its best label (``labels_of``: entity -> labels)."""
    labels: Sequence[str] = sorted({l for ls in labels_of.values() for l in ls})
    if not labels:
        return {e: 0.0 for e in labels_of}
    score = dict(zip(labels, minmax(ranker.rank(question, list(labels)))))
    return {e: max((score[l] for l in ls), default=0.0) for e, ls in labels_of.items()}


def degree_per_span(readings: list[Reading], facts: dict[Entity, int]) -> dict[Reading, float]:
    """Degree share among the readings of the same span only: popularity tells which *Obama* a
    span means, not whether the question is about *Cancer* or *Gilda Radner*."""
    spans: dict[tuple[int, int], list[Reading]] = {}
    for r in readings:
        spans.setdefault((r.i, r.j), []).append(r)
    out: dict[Reading, float] = {}
    for group in spans.values():
        share = degree_share({r.entity: facts.get(r.entity, 0) for r in group})
        out.update((r, share[r.entity]) for r in group)
    return out


def without_reading(text: str, toks: list[Token], r: Reading) -> str:
    """The question without the reading's own words."""
    return text[:toks[r.i].start] + " " + text[toks[r.j - 1].end:]

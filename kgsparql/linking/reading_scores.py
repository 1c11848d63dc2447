"""How ``EntityLinker`` orders its readings: the base scores (``scoring``), then, where the first two
are close, each candidate's fit to the question by the relations it holds and its degree (``typefit``)."""
from __future__ import annotations

from ..errors import KGSparqlError
from ..types import Entity
from . import scoring
from .matching import Reading
from .text import Token
from .typefit import degree_per_span, ranked_fit, relation_fit, with_degree, without_reading

__all__ = ["ReadingScores"]


class ReadingScores:
    """Mixed into ``EntityLinker``: needs its ``adapter``, ``relation_vocab``, ``type_fit``,
    ``fit_candidates``, ``fit_ranker`` and ``fit_direction``."""

    def _score(self, text: str, toks: list[Token], readings: list[Reading],
               bracketed: bool = False) -> list[tuple[Reading, float]]:
        # a [bracketed] name is spelled as meant, capitals or not ("[sam elliott]" is the tag)
        case_aware = bracketed or scoring.uses_case(text)
        base = scoring.base_scores(toks, readings, case_aware, self.relation_vocab)
        scored = sorted(zip(readings, base), key=lambda p: -p[1])
        top = _distinct(scored, self.fit_candidates)
        weight = scoring.WEIGHTS["fit"]
        if self.type_fit == "off" or len(top) < 2 or top[0][1] - top[1][1] >= weight:
            return scored
        fits = self._fits(text, toks, [r for r, _ in top])
        return sorted(((r, s + weight * fits.get(r, 0.0)) for r, s in scored), key=lambda p: -p[1])

    def _fits(self, text: str, toks: list[Token], readings: list[Reading]) -> dict[Reading, float]:
        labels_of: dict[Entity, set[str]] = {r.entity: set() for r in readings}
        facts = dict.fromkeys(labels_of, 0)
        try:
            found = self.adapter.relations(list(labels_of), self.fit_direction)
        except KGSparqlError:  # a hub's relations can time out on a big endpoint: rank without fit
            return {}
        for rc in found:
            if rc.entity in labels_of:
                labels_of[rc.entity].add(rc.relation.label or self.adapter.verbalize(rc.relation))
                facts[rc.entity] += rc.count
        degree = degree_per_span(readings, facts)
        if self.fit_ranker is not None:  # one ranking of all relation labels against the question
            fit = ranked_fit(self.fit_ranker, text, labels_of)
            return {r: with_degree(fit[r.entity], degree[r]) for r in readings}
        return {r: with_degree(relation_fit(without_reading(text, toks, r), labels_of[r.entity]), degree[r])
                for r in readings}


def _distinct(scored: list[tuple[Reading, float]], k: int) -> list[tuple[Reading, float]]:
    seen, out = set(), []
    for r, s in scored:
        if r.entity not in seen:
            seen.add(r.entity)
            out.append((r, s))
        if len(out) == k:
            break
    return out

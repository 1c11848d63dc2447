"""Candidate triples within N hops of the current entities (through the adapter, CVT-aware, fan-out
capped), ranked by embedding similarity to the sub-question."""
from __future__ import annotations

from typing import Sequence

from ... import stats
from ...llm.evidence import verbalize_fact
from ...types import Entity, Triple
from .options import KgragOptions

__all__ = ["candidate_triples", "rank_triples"]


def candidate_triples(adapter, entities: Sequence[Entity], options: KgragOptions) -> list[Triple]:
    """Triples within ``options.hops`` hops of ``entities``, both directions: per hop the relations
    of the frontier (the adapter's COUNT probe, compound/CVT hops included), then each relation's
    triples, at most ``fanout_cap`` per relation, ``max_candidates`` in all."""
    frontier, seen = list(dict.fromkeys(entities))[: options.frontier_cap], set(entities)
    out: list[Triple] = []
    for _ in range(options.hops):
        relations = dict.fromkeys(rc.relation for rc in adapter.relations(frontier, "both"))
        found = [t for r in relations for t in adapter.neighbors(frontier, r, limit=options.fanout_cap)]
        out.extend(found[: options.max_candidates - len(out)])
        frontier = [e for e in dict.fromkeys(t.tail for t in found) if e not in seen and not e.is_literal]
        seen.update(frontier)
        frontier = frontier[: options.frontier_cap]
        if len(out) >= options.max_candidates or not frontier:
            break
    stats.record_count("candidate_triples", len(out))
    return out


def rank_triples(encoder, question: str, triples: Sequence[Triple], relation_text) -> list[tuple[Triple, float]]:
    """The triples by cosine similarity of their verbalisation to ``question``, best first."""
    texts = [verbalize_fact(t, relation_text) for t in triples]
    scores = encoder.rank(question, texts) if texts else []
    order = sorted(range(len(texts)), key=lambda i: (-scores[i], texts[i]))
    return [(triples[i], scores[i]) for i in order]

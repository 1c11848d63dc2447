"""RefKG evidence subgraph retrieval: hop by hop from a sub-query's entities, a chooser picks the
top-k relations of the current entities, and only those are followed.

Bounded on hubs: the relations of the frontier are read with their per-(entity, relation) object
counts first (``adapter.relations``, the COUNT probe); an (entity, relation) with more than
``fanout_cap`` objects is not expanded (it is listed in ``skipped``), the frontier is capped at
``max_frontier`` entities and the whole exploration at ``max_edges`` edges, so no query fetches an
unbounded fan-out."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Sequence

from ... import stats
from ...types import Entity, Path, Relation, Triple

__all__ = ["Exploration", "explore", "Chooser"]

PATHS_PER_ENTITY = 50    # paths continued from one reached entity (the rest still count as evidence)

# (hop, current chains, candidate relations, current entities) -> the relations to follow
Chooser = Callable[[int, Sequence[tuple[Relation, ...]], Sequence[Relation], Sequence[Entity]], Sequence[Relation]]


@dataclass
class Exploration:
    """What one exploration reached: every path from the start entities (all lengths, in hop
    order), the triples fetched per hop, the relations chosen per hop and the hubs not expanded."""

    starts: tuple[Entity, ...]
    paths: list[Path] = field(default_factory=list)
    hops: list[list[Triple]] = field(default_factory=list)
    chosen: list[list[Relation]] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    entities: set = field(default_factory=set)

    @property
    def edges(self) -> int:
        return sum(len(h) for h in self.hops)

    def record(self) -> None:
        stats.record_count("explored_entities", len(self.entities))
        stats.record_count("explored_edges", self.edges)

    def to_json(self) -> dict:
        return {"starts": [e.name for e in self.starts], "edges": self.edges, "entities": len(self.entities),
                "relations_per_hop": [[r.to_json() for r in hop] for hop in self.chosen],
                "skipped_hubs": self.skipped[:10]}


def explore(adapter, starts: Sequence[Entity], choose: Chooser, *, max_hops: int, fanout_cap: int,
            max_frontier: int, max_edges: int, walks: str = "revisit") -> Exploration:
    """Explore up to ``max_hops`` hops from ``starts`` along the relations ``choose`` picks."""
    found = Exploration(tuple(starts), entities=set(starts))
    tips: dict[Entity, list[Path]] = {s: [None] for s in starts}   # None: the empty path at a start
    for hop in range(max_hops):
        frontier = list(tips)[:max_frontier]
        if not frontier or found.edges >= max_edges:
            break
        counts = adapter.relations(frontier, "both")
        chains = sorted({p.relations for ps in tips.values() for p in ps if p is not None}, key=_chain_key)
        relations = sorted({rc.relation for rc in counts}, key=_relation_key)
        chosen = list(choose(hop, chains, relations, frontier)) if relations else []
        found.chosen.append(chosen)
        labelled = {e: e for e in frontier}     # the counts' entities carry no label; the frontier's do
        triples = _fetch(adapter, counts, set(chosen), fanout_cap, max_edges - found.edges, found.skipped, labelled)
        found.hops.append(triples)
        tips = _extend(tips, triples, set(starts), walks, found)
    return found


def _fetch(adapter, counts, chosen: set, cap: int, budget: int, skipped: list, labelled: dict) -> list[Triple]:
    """Neighbours along the chosen relations, one query per relation, never past ``cap`` objects
    per (entity, relation) nor ``budget`` edges in all."""
    by_relation: dict[Relation, list[Entity]] = {}
    for rc in counts:
        if rc.relation not in chosen:
            continue
        if rc.count > cap:
            skipped.append(f"{labelled.get(rc.entity, rc.entity).name} {rc.relation.to_json()} ({rc.count} objects)")
            continue
        by_relation.setdefault(rc.relation, []).append(labelled.get(rc.entity, rc.entity))
    out: list[Triple] = []
    for relation in sorted(by_relation, key=_relation_key):
        if budget - len(out) <= 0:
            break
        out.extend(adapter.neighbors(by_relation[relation], relation, limit=budget - len(out)))
    return out


def _extend(tips: dict, triples: list[Triple], starts: set, walks: str, found: Exploration) -> dict:
    """Paths one hop longer: every path ending at a triple's head, extended by the triple."""
    out: dict[Entity, list[Path]] = {}
    for t in triples:
        for path in tips.get(t.head, ()):
            if t.tail in starts and walks != "return":
                continue
            if walks == "simple" and path is not None and t.tail in path.entities:
                continue
            longer = Path((t,)) if path is None else path.extend(t)
            found.paths.append(longer)
            found.entities.add(t.tail)
            if not t.tail.is_literal and len(kept := out.setdefault(t.tail, [])) < PATHS_PER_ENTITY:
                kept.append(longer)
    return out


def _relation_key(r: Relation) -> tuple:
    return (r.iri, r.via or "", r.inverse)


def _chain_key(chain: tuple[Relation, ...]) -> tuple:
    return tuple(_relation_key(r) for r in chain)

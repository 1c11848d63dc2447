"""k-hop subgraph around seed entities, expanded hop by hop with few batched queries per hop:
relation counts for the whole frontier, a relation filter (top-m by a caller-given score), then
neighbours of the frontier along the kept relations (the queries of one step in flight together
where the endpoint allows it, so a hop costs two round trips). A per-(entity, relation) fan-out cap keeps hubs
(a genre with ten thousand films) from flooding the subgraph."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Iterable, Sequence

from ..types import Entity, Relation, Triple

__all__ = ["Subgraph", "expand_subgraph", "RelationScorer", "NEIGHBOR_LIMIT"]

NEIGHBOR_LIMIT = 10_000   # rows per neighbours query

# (hop index, candidate relations) -> score per relation (higher = keep)
RelationScorer = Callable[[int, Sequence[Relation]], Sequence[float]]


@dataclass
class Subgraph:
    """Undirected view of retrieved facts; each edge is kept once in traversal order from its
    discovery and can be walked both ways (``neighbours`` yields the reversed hop too)."""

    seeds: tuple[Entity, ...] = ()
    adjacency: dict[Entity, list[Triple]] = field(default_factory=dict)
    _seen: set = field(default_factory=set)

    def add(self, t: Triple) -> bool:
        s, r, o = t.fact()
        key = (s.term, r.iri, r.via, o.term)
        if key in self._seen:
            return False
        self._seen.add(key)
        self.adjacency.setdefault(t.head, []).append(t)
        self.adjacency.setdefault(t.tail, []).append(Triple(t.tail, t.relation.reversed(), t.head))
        return True

    @property
    def nodes(self) -> list[Entity]:
        return list(self.adjacency)

    def neighbours(self, node: Entity) -> list[Triple]:
        return self.adjacency.get(node, [])

    def edge_count(self) -> int:
        return len(self._seen)

    def restrict(self, keep: Iterable[Entity]) -> "Subgraph":
        keep = set(keep) | set(self.seeds)
        out = Subgraph(self.seeds)
        for node in keep:
            for t in self.adjacency.get(node, ()):
                if t.tail in keep:
                    out.add(t)
        return out


def _kept_relations(counts, hop: int, scorer: RelationScorer | None, top_m: int | None) -> set[Relation]:
    relations = sorted({rc.relation for rc in counts}, key=lambda r: (r.iri, r.via or "", r.inverse))
    if scorer is None or top_m is None or len(relations) <= top_m:
        return set(relations)
    scores = scorer(hop, relations)
    ranked = sorted(zip(relations, scores), key=lambda x: -x[1])
    return {r for r, _ in ranked[:top_m]}


def _gather(adapter, calls):
    """The adapter's ``gather`` (independent queries at once) where it has one, else in order."""
    gather = getattr(adapter, "gather", None)
    return gather(calls) if gather is not None else [call() for call in calls]


def expand_subgraph(adapter, seeds: Sequence[Entity], hops: int, *, scorer: RelationScorer | None = None,
                    top_m: int | None = None, fanout_cap: int = 300, first_cap: int = 5000,
                    max_frontier: int = 5000,
                    limit: int = NEIGHBOR_LIMIT) -> Subgraph:
    sub = Subgraph(tuple(seeds))
    for s in seeds:
        sub.adjacency.setdefault(s, [])
    frontier, visited = list(dict.fromkeys(seeds)), set(seeds)
    for hop in range(hops):
        if not frontier:
            break
        counts = adapter.relations(frontier, "both")
        keep = _kept_relations(counts, hop, scorer, top_m)
        by_rel: dict[Relation, list[Entity]] = {}
        cap = first_cap if hop == 0 else fanout_cap
        labelled = {e: e for e in frontier}  # keep the frontier's labels on the heads of new triples
        for rc in counts:
            if rc.relation in keep and rc.count <= cap:
                by_rel.setdefault(rc.relation, []).append(labelled.get(rc.entity, rc.entity))
        new: list[Entity] = []
        rels = sorted(by_rel, key=lambda r: (r.iri, r.via or "", r.inverse))
        calls = [lambda rel=rel: adapter.neighbors(by_rel[rel], rel, limit=limit) for rel in rels]
        for found in _gather(adapter, calls):     # one query per relation, in flight together
            for t in found:
                if sub.add(t) and t.tail not in visited and not t.tail.is_literal:
                    visited.add(t.tail)
                    new.append(t.tail)
        frontier = new[:max_frontier]
    return sub

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


def _ordered(relations) -> list[Relation]:
    return sorted(relations, key=lambda r: (r.iri, r.via or "", r.inverse))


def _kept_relations(counts, hop: int, scorer: RelationScorer | None, top_m: int | None,
                    reached_by: dict | None = None) -> set[Relation]:
    """The top-m relations by ``scorer``; with ``reached_by`` (entity -> the relations that reached it),
    still m relations, but each branch first gives its best one that does not walk straight back
    (best branches first), so the continuation of a weaker first hop is not crowded out by a
    stronger one's relations; the rest by score."""
    relations = _ordered({rc.relation for rc in counts})
    if scorer is None or top_m is None or len(relations) <= top_m:
        return set(relations)
    score = dict(zip(relations, scorer(hop, relations)))
    by_score = sorted(relations, key=lambda r: -score[r])
    kept = _branch_firsts(counts, reached_by, score, top_m) if reached_by else []
    for r in by_score:
        if len(kept) >= top_m:
            break
        if r not in kept:
            kept.append(r)
    return set(kept)


def _branch_firsts(counts, reached_by: dict, score: dict, top_m: int) -> list[Relation]:
    by_branch: dict = {}
    for rc in counts:
        for via in reached_by.get(rc.entity, ()):
            if rc.relation.key() != _reversed_key(via):
                by_branch.setdefault(via, set()).add(rc.relation)
    firsts = {max(_ordered(group), key=lambda r: score[r]) for group in by_branch.values()}
    return sorted(firsts, key=lambda r: (-score[r], r.iri, r.inverse))[:top_m]


def _reversed_key(key: tuple) -> tuple:
    return (key[0], key[1], not key[2], *key[3:])


def _gather(adapter, calls):
    """The adapter's ``gather`` (independent queries at once) where it has one, else in order."""
    gather = getattr(adapter, "gather", None)
    return gather(calls) if gather is not None else [call() for call in calls]


def expand_subgraph(adapter, seeds: Sequence[Entity], hops: int, *, scorer: RelationScorer | None = None,
                    top_m: int | None = None, fanout_cap: int = 300, first_cap: int = 5000,
                    max_frontier: int = 5000, per_branch: bool = False,
                    limit: int = NEIGHBOR_LIMIT) -> Subgraph:
    """``per_branch``: each relation that reached the frontier gets one of the ``top_m`` places first
    (``_kept_relations``)."""
    sub = Subgraph(tuple(seeds))
    reached_by: dict[Entity, set] | None = {} if per_branch else None
    for s in seeds:
        sub.adjacency.setdefault(s, [])
    frontier, visited = list(dict.fromkeys(seeds)), set(seeds)
    for hop in range(hops):
        if not frontier:
            break
        counts = adapter.relations(frontier, "both")
        keep = _kept_relations(counts, hop, scorer, top_m, reached_by)
        by_rel: dict[Relation, list[Entity]] = {}
        cap = first_cap if hop == 0 else fanout_cap
        labelled = {e: e for e in frontier}  # keep the frontier's labels on the heads of new triples
        for rc in counts:
            if rc.relation in keep and rc.count <= cap:
                by_rel.setdefault(rc.relation, []).append(labelled.get(rc.entity, rc.entity))
        new: list[Entity] = []
        came: dict[Entity, set] = {}
        rels = sorted(by_rel, key=lambda r: (r.iri, r.via or "", r.inverse))
        calls = [lambda rel=rel: adapter.neighbors(by_rel[rel], rel, limit=limit) for rel in rels]
        for found in _gather(adapter, calls):     # one query per relation, in flight together
            for t in found:
                if sub.add(t) and not t.tail.is_literal:
                    came.setdefault(t.tail, set()).add(t.relation.key())
                    if t.tail not in visited:
                        visited.add(t.tail)
                        new.append(t.tail)
        frontier = new[:max_frontier]
        if reached_by is not None:
            reached_by = {e: came[e] for e in frontier}
    return sub

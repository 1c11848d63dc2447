"""Asymmetric progressive propagation (LLM–KGFR): grow a subgraph from the topic entities one hop at
a time, merging the newly reached edges. Before fetching, one COUNT probe (``adapter.relations``)
gives every (entity, relation) fan-out of the frontier; a pair whose fan-out exceeds ``lam`` is a
hub there and is followed only towards entities already reached (``adapter.neighbors_among``, a
``VALUES``-bound query), while the same entity's other relations still expand in full. So "United
States" with a million ``~nationality`` edges costs nothing unless one of them closes a loop. The
relations under ``lam`` are fetched together, one query per direction (``adapter.neighbors_each``)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from ..types import Entity, Relation
from .subgraph import Subgraph

__all__ = ["Exploration", "propagate"]


@dataclass
class Exploration:
    """The merged subgraph and what it cost: per hop, the frontier size, the (entity, relation) pairs
    that were capped (hubs), and the edges added."""

    sub: Subgraph
    hops: list[dict] = field(default_factory=list)

    @property
    def entities(self) -> int:
        return len(self.sub.nodes)

    @property
    def edges(self) -> int:
        return self.sub.edge_count()

    def capped(self) -> int:
        return sum(h["capped"] for h in self.hops)


def _order(r: Relation) -> tuple:
    return (r.iri, r.via or "", r.inverse)


def propagate(adapter, seeds: Sequence[Entity], hops: int, *, lam: int = 100, max_frontier: int = 2000,
              among_batch: int = 5000, limit: int = 10_000) -> Exploration:
    """``hops`` rounds of expansion from ``seeds``; ``lam`` is the fan-out above which a relation of an
    entity is followed only towards reached entities. ``max_frontier`` bounds the entities expanded
    per hop; ``among_batch`` the (entity, target) rows bound into one restricted query."""
    sub = Subgraph(tuple(seeds))
    for s in seeds:
        sub.adjacency.setdefault(s, [])
    reached, frontier = set(seeds), list(dict.fromkeys(seeds))
    out = Exploration(sub)
    for _ in range(hops):
        if not frontier:
            break
        labelled = {e: e for e in frontier}
        small: dict[Relation, list[Entity]] = {}
        large: dict[Relation, dict[Entity, int]] = {}
        for rc in adapter.relations(frontier, "both"):          # the COUNT probe, before any fetch
            entity = labelled.get(rc.entity, rc.entity)
            if rc.count > lam:
                large.setdefault(rc.relation, {})[entity] = rc.count
            else:
                small.setdefault(rc.relation, []).append(entity)
        before, new = sub.edge_count(), []
        for rel, triples in _fetch_small(adapter, small, limit):
            _merge(sub, triples, reached, new)
        targets = sorted(reached, key=lambda e: e.id)
        for rel in sorted(large, key=_order):
            _merge(sub, _among(adapter, large[rel], rel, targets, among_batch, limit), reached, new)
        out.hops.append({"frontier": len(frontier), "capped": sum(len(v) for v in large.values()),
                         "edges": sub.edge_count() - before})
        frontier = new[:max_frontier]
    return out


def _fetch_small(adapter, small: dict[Relation, list[Entity]], limit: int):
    """(relation, its triples from its entities) in relation order: one ``neighbors_each`` query per
    direction where the adapter has that step, else one ``neighbors`` query per relation."""
    order = sorted(small, key=_order)
    each = getattr(adapter, "neighbors_each", None)
    found = each({r: small[r] for r in order}, limit=limit) if each is not None and order else {}
    for rel in order:
        yield rel, found[rel] if rel in found else adapter.neighbors(small[rel], rel, limit=limit)


def _merge(sub: Subgraph, triples, reached: set, new: list) -> None:
    for t in triples:
        if sub.add(t) and t.tail not in reached and not t.tail.is_literal:
            reached.add(t.tail)
            new.append(t.tail)


def _among(adapter, fanout: dict[Entity, int], rel: Relation, targets: list[Entity], batch: int, limit: int):
    """The capped relation followed towards ``targets`` only. A hub with no more edges than there are
    targets is fetched whole and filtered here (fewer rows than binding a row per target); the
    others bind (entity, target) rows, at most ``batch`` per query. The same facts either way."""
    wanted = set(targets)
    whole = [e for e, n in fanout.items() if n <= min(len(targets), limit)]
    found = [t for group in _groups(whole, fanout, limit)
             for t in adapter.neighbors(group, rel, limit=limit) if t.tail in wanted]
    fetched = set(whole)
    rest = [e for e in fanout if e not in fetched]
    per = max(1, batch // max(1, len(rest)))
    for i in range(0, len(targets), per) if rest else ():
        found.extend(adapter.neighbors_among(rest, rel, targets[i:i + per], limit=limit))
    return sorted(found, key=lambda t: (t.head.id, t.tail.id))


def _groups(entities: list[Entity], fanout: dict[Entity, int], limit: int):
    """``entities`` in runs whose edges add up to at most ``limit`` (one query each)."""
    group, size = [], 0
    for e in entities:
        if group and size + fanout[e] > limit:
            yield group
            group, size = [], 0
        group.append(e)
        size += fanout[e]
    if group:
        yield group

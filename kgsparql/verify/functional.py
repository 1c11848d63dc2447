"""Does a relation look functional (one value per subject) in this KG? Measured, not assumed: the
entity holds one value, and so do most of the other subjects that share a value with it (the
``relations`` count probe on them)."""
from __future__ import annotations

__all__ = ["looks_functional"]

PEERS = 50


def looks_functional(adapter, entity, relation, own_count: int, cache: dict) -> bool:
    if own_count != 1:
        return False
    key = relation.key()
    if key not in cache:
        cache[key] = _measure(adapter, entity, relation)
    return cache[key]


def _measure(adapter, entity, relation) -> bool:
    values = [t.tail for t in adapter.neighbors([entity], relation, limit=5)]
    if not values:
        return False
    peers = list(dict.fromkeys(t.tail for t in adapter.neighbors(values, relation.reversed(), limit=PEERS * 4)))[:PEERS]
    side = "in" if relation.inverse else "out"
    counts = [rc.count for rc in adapter.relations(peers, side) if rc.relation == relation]
    return bool(counts) and sum(c == 1 for c in counts) * 2 > len(counts)

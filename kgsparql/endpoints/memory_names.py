"""Names for in-memory stores: one per store object, so two in-memory KGs in one process never share a
cache entry keyed by ``KnowledgeGraph.source_id`` (the relation vocabulary, the chain scorer's trust).

An endpoint over an in-memory store holds the store, so while any endpoint over it lives, no other
store can take its ``id()``. The name is given back when the last such endpoint is collected; a store
opened again later gets a new name (a cache miss, never a wrong hit). ``pyoxigraph.Store`` takes no
weak references, which is why the endpoints, not the store, are counted.
"""
from __future__ import annotations

import itertools
import threading
import weakref

__all__ = ["memory_name"]

_serials = itertools.count(1)
_names: dict[int, list] = {}        # id(store) -> [name, endpoints holding it]
_lock = threading.Lock()


def memory_name(store, holder) -> str:
    """The name of the in-memory ``store``, held while ``holder`` (the endpoint) lives."""
    key = id(store)
    with _lock:
        entry = _names.get(key)
        if entry is None:
            entry = _names[key] = [f"embedded:memory#{next(_serials)}", 0]
        entry[1] += 1
    weakref.finalize(holder, _release, key)
    return entry[0]


def _release(key: int) -> None:
    with _lock:
        entry = _names.get(key)
        if entry is not None:
            entry[1] -= 1
            if entry[1] <= 0:
                del _names[key]

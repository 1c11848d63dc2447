"""Path retrieval inside a subgraph: all simple paths up to a length (BFS, for simple questions) and
all shortest paths to target entities (for complex ones), plus grouping by relation chain."""
from __future__ import annotations

from collections import deque
from typing import Iterable, Sequence

from ..types import Entity, Path, Relation
from .subgraph import Subgraph

__all__ = ["Chain", "chain_of", "all_paths", "shortest_paths", "paths_along", "group_by_chain"]

Chain = tuple[Relation, ...]


def chain_of(path: Path) -> Chain:
    return path.relations


def all_paths(sub: Subgraph, sources: Sequence[Entity], max_len: int, limit: int = 20_000) -> list[Path]:
    """Every simple path of 1..max_len hops starting at a source (breadth first, capped)."""
    out: list[Path] = []
    queue = deque((s, Path()) for s in sources)
    while queue and len(out) < limit:
        node, path = queue.popleft()
        if len(path) >= max_len:
            continue
        on_path = set(path.entities) or {node}
        for t in sub.neighbours(node):
            if t.tail in on_path:
                continue
            p = path.extend(t)
            out.append(p)
            queue.append((t.tail, p))
    return out


def shortest_paths(sub: Subgraph, sources: Sequence[Entity], targets: Iterable[Entity] | None = None,
                   max_len: int = 4, per_target: int = 8) -> list[Path]:
    """All shortest paths (up to ``per_target`` each) from the sources to each target."""
    dist: dict[Entity, int] = {s: 0 for s in sources}
    preds: dict[Entity, list] = {s: [] for s in sources}
    frontier = list(sources)
    while frontier:
        nxt = []
        for node in frontier:
            if dist[node] >= max_len:
                continue
            for t in sub.neighbours(node):
                d = dist[node] + 1
                if t.tail not in dist:
                    dist[t.tail], preds[t.tail] = d, [t]
                    nxt.append(t.tail)
                elif dist[t.tail] == d:
                    preds[t.tail].append(t)
        frontier = nxt
    wanted = [t for t in (targets if targets is not None else dist) if t in dist and dist[t] > 0]
    out: list[Path] = []
    for target in wanted:
        out.extend(_unwind(preds, target, per_target))
    return out


def _unwind(preds: dict, target: Entity, cap: int) -> list[Path]:
    stack, done = [(target, ())], []
    while stack and len(done) < cap:
        node, suffix = stack.pop()
        if not preds[node]:
            done.append(Path(suffix))
            continue
        for t in preds[node]:
            stack.append((t.head, (t, *suffix)))
    return done


def paths_along(sub: Subgraph, sources: Sequence[Entity], chain: Chain, limit: int = 2000,
                walks: str = "simple") -> list[Path]:
    """Paths inside the subgraph that follow ``chain`` hop by hop (no SPARQL), under the answer
    convention ``walks`` (``simple``, ``revisit``: never back to a source, ``return``: anything)."""
    keys = [r.key() for r in chain]
    layer = [(s, Path()) for s in sources]
    for key in keys:
        nxt = []
        for node, path in layer:
            seen = {"simple": set(path.entities) or {node}, "revisit": set(sources), "return": ()}[walks]
            nxt.extend((t.tail, path.extend(t)) for t in sub.neighbours(node)
                       if t.relation.key() == key and t.tail not in seen)
            if len(nxt) >= limit:
                break
        layer = nxt[:limit]
    return [p for _, p in layer]


def group_by_chain(paths: Iterable[Path]) -> dict[Chain, list[Path]]:
    groups: dict[Chain, list[Path]] = {}
    for p in paths:
        groups.setdefault(chain_of(p), []).append(p)
    return groups

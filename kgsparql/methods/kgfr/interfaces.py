"""The three retrieval interfaces over a scored subgraph: node-level candidates, edge-level facts,
path-level shortest paths."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ...retrieval import Subgraph, shortest_paths
from ...types import Entity, Path, Triple

__all__ = ["Levels", "interfaces"]


@dataclass(frozen=True)
class Levels:
    """What the LLM reads: node-level candidates (best first), edge-level facts around them, and
    path-level shortest paths from the candidates back to the topic entities."""

    nodes: tuple[Entity, ...]
    facts: tuple[Triple, ...]
    paths: tuple[Path, ...]


def interfaces(sub: Subgraph, topics: Sequence[Entity], ranked_nodes: Sequence[Entity],
               relation_score, top_k: int, top_n: int, top_paths: int) -> Levels:
    """The three interfaces over the scored subgraph; ``relation_score(relation)`` orders the facts."""
    nodes = tuple(ranked_nodes[:top_k])
    facts: dict[Triple, float] = {}
    for node in nodes:
        for t in sub.neighbours(node):
            facts.setdefault(t, relation_score(t.relation))
    top_facts = sorted(facts, key=lambda t: (-facts[t], t.head.name, t.tail.name))[:top_n]
    paths = shortest_paths(sub, list(topics), targets=nodes, max_len=4, per_target=2)
    order = {n: i for i, n in enumerate(nodes)}
    paths.sort(key=lambda p: (order.get(p.end, len(order)), len(p)))
    return Levels(nodes, tuple(top_facts), tuple(paths[:top_paths]))

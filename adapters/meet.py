"""Three-hop paths met in the middle from batched neighbour queries.

One SPARQL query for three hops leaves its middle hop unbound: through CVTs or statement nodes
Oxigraph joined every intermediate node with every other (minutes on 300k triples), and Virtuoso's
cost estimate refuses the plain version outright. Meeting in the middle costs six batched queries:
one hop out of the source, one hop out of the target, then the hops that link the smaller of the
two frontiers to the other."""
from __future__ import annotations

from typing import Callable, Sequence

from kgsparql.types import Entity, Path, Triple

__all__ = ["three_hop_paths", "reverse"]

Neighbors = Callable[..., list[Triple]]  # neighbors(entities, relation, direction, limit)


def reverse(t: Triple) -> Triple:
    """The same fact walked the other way."""
    return Triple(t.tail, t.relation.reversed(), t.head)


def _frontier(neighbors: Neighbors, node: Entity, avoid: set[Entity], limit: int) -> dict[Entity, list[Triple]]:
    """One hop out of ``node`` (both directions) -> {far node: hops to it}, skipping literals and ``avoid``."""
    out: dict[Entity, list[Triple]] = {}
    for t in neighbors([node], None, "both", limit):
        if not t.tail.is_literal and t.tail not in avoid:
            out.setdefault(t.tail, []).append(t)
    return out


def _links(neighbors: Neighbors, left: Sequence[Entity], right: set[Entity], limit: int) -> list[Triple]:
    return [t for t in neighbors(list(left), None, "both", limit) if t.tail in right and t.tail != t.head]


def three_hop_paths(neighbors: Neighbors, source: Entity, target: Entity, limit: int = 1000) -> list[Path]:
    """Paths source - m1 - m2 - target with four distinct nodes, each hop in either direction."""
    ends = {source, target}
    starts = _frontier(neighbors, source, ends, limit)
    finishes = _frontier(neighbors, target, ends, limit)
    if not starts or not finishes:
        return []
    if len(starts) <= len(finishes):
        middle = _links(neighbors, list(starts), set(finishes), limit)
    else:
        middle = [reverse(t) for t in _links(neighbors, list(finishes), set(starts), limit)]
    found: list[Path] = []
    for hop in middle:
        for first in starts.get(hop.head, ()):
            for last in finishes.get(hop.tail, ()):
                found.append(Path((first, hop, reverse(last))))
                if len(found) >= limit:
                    return found
    return found

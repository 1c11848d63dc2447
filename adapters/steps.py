"""Multi-hop steps shared by every SPARQL adapter: two-hop expansion, relation-path following and
path search between two entities. They use the adapter's own templates, so schema stays in .rq."""
from __future__ import annotations

from typing import Iterable, Sequence

from kgsparql.types import IRI, Entity, Path, Relation, Term, Triple

__all__ = ["PathSteps", "as_entities", "term_key"]


def as_entities(items: Entity | str | Iterable[Entity | str]) -> list[Entity]:
    if isinstance(items, (Entity, str)):
        items = [items]
    out = []
    for it in items:
        out.append(it if isinstance(it, Entity) else Entity(IRI(it)))
    return out


def term_key(term: Term) -> tuple[str, str]:
    """A total order on terms, for deterministic results where a template does not ORDER BY (an
    ORDER BY costs Oxigraph more than the query itself on a few hundred rows)."""
    return (type(term).__name__, str(term))


class PathSteps:
    """Mixin for ``SparqlAdapter``: needs ``neighbors``, ``run``, ``make_relation`` and ``entity``."""

    def expand_two_hop(self, entities: Sequence[Entity], direction: str = "out",
                       limit: int = 10_000) -> list[Path]:
        """All one- and two-hop paths from ``entities``; batched, one query per hop and direction."""
        first = self.neighbors(entities, None, direction, limit)
        paths = [Path((t,)) for t in first]
        mids = list(dict.fromkeys(t.tail for t in first if not t.tail.is_literal))
        if not mids:
            return paths
        by_head: dict[Entity, list[Triple]] = {}
        for t in self.neighbors(mids, None, direction, limit):
            by_head.setdefault(t.head, []).append(t)
        for t1 in first:
            for t2 in by_head.get(t1.tail, ()):
                if t2.tail != t1.head:
                    paths.append(Path((t1, t2)))
                    if len(paths) >= limit:
                        return paths
        return paths

    def paths_from(self, source: Entity | Sequence[Entity], relation_path: Sequence[Relation],
                   limit: int = 10_000, walks: str = "simple") -> list[Path]:
        """Follow ``relation_path`` (each hop with its own direction) from the source entities.
        ``walks`` (see ``kgsparql.retrieval.chains``): ``simple`` paths visit no node twice;
        ``revisit`` walks may repeat any node but a source; ``return`` walks may repeat anything."""
        sources = [source] if isinstance(source, Entity) else list(source)
        frontier = {s: [Path()] for s in sources}
        banned = set(sources) if walks == "revisit" else set()
        for rel in relation_path:
            if not frontier:
                return []
            nxt: dict[Entity, list[Path]] = {}
            for t in self.neighbors(list(frontier), rel, limit=limit):
                if t.tail in banned:
                    continue  # revisit: never back to a source
                for p in frontier.get(t.head, ()):
                    if walks == "simple" and t.tail in p.entities:
                        continue  # no cycles back along the path
                    nxt.setdefault(t.tail, []).append(p.extend(t))
            frontier = nxt
        out = [p for ps in frontier.values() for p in ps]
        out.sort(key=lambda p: tuple(e.id for e in p.entities))
        return out[:limit]

    def paths(self, source: Entity, target: Entity, max_hops: int = 2, limit: int = 1000) -> list[Path]:
        """Every path of 1..max_hops hops (any direction per hop) from ``source`` to ``target``."""
        if not 1 <= max_hops <= 3:
            from kgsparql.errors import InputError
            raise InputError("max_hops must be 1, 2 or 3")
        found: list[Path] = []
        for hops in range(1, max_hops + 1):
            rows = self.run(f"paths_{hops}", {"s": [source.term], "t": [target.term]}, limit=limit)
            for (rels, mids), labels in self._path_rows(rows, hops).items():
                nodes = [source] + [self.entity(m, ls) for m, ls in zip(mids, labels)] + [target]
                if len(set(nodes)) == len(nodes):
                    found.append(Path(tuple(Triple(nodes[i], r, nodes[i + 1]) for i, r in enumerate(rels))))
        return found[:limit]

    def _path_rows(self, rows, hops: int) -> dict[tuple, list[list]]:
        """(relations, middle nodes) -> labels seen for each middle node; rows that differ only in a
        middle node's label are one path. ``?viaN`` (optional) is the second leg of a compound hop."""
        grouped: dict[tuple, list[list]] = {}
        for row in rows:
            rels = tuple(self.make_relation(row[f"p{i}"], row[f"d{i}"].value == "true", row.get(f"via{i}"))
                         for i in range(1, hops + 1))
            mids = tuple(row[f"m{i}"] for i in range(1, hops))
            labels = grouped.setdefault((rels, mids), [[] for _ in mids])
            for i, seen in enumerate(labels, 1):
                seen.append(row.get(f"m{i}label"))
        return grouped

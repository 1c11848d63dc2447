"""Neighbours along many relations in one query per direction: ``neighbors_each({relation: entities})``
gives what ``neighbors(entities, relation)`` gives for each relation, but binds every (entity,
relation) pair of one direction and template into one ``VALUES`` block. An explorer that expands a
frontier along each of its relations (KGFR's propagation) sends two queries a hop instead of one per
relation. The rows of one block share its ``LIMIT``: a block that reaches it is asked again one
relation at a time, so the triples are always those of ``neighbors``."""
from __future__ import annotations

from typing import Mapping, Sequence

from kgsparql.types import Entity, Relation, Triple

from .steps import as_entities, term_key

__all__ = ["RelationBatches"]


def _key(relation: Relation) -> tuple:
    return (relation.iri, relation.inverse, relation.via)


class RelationBatches:
    """Mixin for ``SparqlAdapter``: needs ``neighbor_query``, ``run``, ``gather``, ``make_relation``,
    ``entity`` and ``neighbors``."""

    def neighbors_each(self, wanted: Mapping[Relation, Sequence[Entity]],
                       limit: int = 10_000) -> dict[Relation, list[Triple]]:
        blocks: dict[tuple, list] = {}          # (step, binding names, direction) -> rows
        for relation, entities in wanted.items():
            direction = "in" if relation.inverse else "out"
            step, bindings = self.neighbor_query(direction, [e.term for e in as_entities(entities)], relation)
            for names, rows in bindings.items():
                blocks.setdefault((step, names, direction), []).extend(rows)
        keys = list(blocks)
        answers = self.gather([lambda k=k: self.run(k[0], {k[1]: blocks[k]}, limit=limit) for k in keys])
        if any(len(rows) >= limit for rows in answers):     # a block cut by its LIMIT: one at a time
            return {r: self.neighbors(list(es), r, limit=limit) for r, es in wanted.items()}
        by_key = {_key(r): r for r in wanted}
        found: dict[Relation, dict[tuple, list]] = {r: {} for r in wanted}
        for (_, _, direction), rows in zip(keys, answers):
            for row in rows:
                rel = self.make_relation(row["p"], direction == "in", row.get("via"))
                asked = by_key.get(_key(rel))
                if asked is not None:
                    found[asked].setdefault((row["e"], rel, row["o"]), []).append(row.get("label"))
        return {r: self._triples(wanted[r], facts) for r, facts in found.items()}

    def _triples(self, entities: Sequence[Entity], facts: dict[tuple, list]) -> list[Triple]:
        """The facts in ``neighbors``' order, heads as given, tails labelled from their rows."""
        ents = {e.term: e for e in as_entities(entities)}
        ordered = sorted(facts.items(), key=lambda kv: (term_key(kv[0][0]), kv[0][1].iri, kv[0][1].via or "",
                                                         kv[0][1].inverse, term_key(kv[0][2])))
        return [Triple(ents.get(e) or Entity(e), rel, self.entity(o, labels)) for (e, rel, o), labels in ordered]

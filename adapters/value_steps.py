"""Steps over literal values, shared by every SPARQL adapter: the things holding given values
(``holders.rq``) and aggregates over the values a relation reaches (``aggregate_*.rq``, one GROUP BY)."""
from __future__ import annotations

from typing import Sequence

from kgsparql.errors import TemplateError
from kgsparql.sparql import load_query
from kgsparql.types import IRI, Entity, Literal, Relation, Term, Triple

from .aggregate import AggregateRow, reduce_aggregate
from .steps import as_entities, term_key

__all__ = ["ValueSteps"]


class ValueSteps:
    """Mixed into ``SparqlAdapter``: reads ``queries``, ``run``, ``select``, ``make_relation`` and
    ``entity`` from it."""

    def holders(self, values: Sequence[Literal], limit: int = 200) -> list[Triple]:
        """The facts whose value is one of the literal ``values``, as ``thing -relation-> value``: the
        things a text identifies by the values it states, not by a name (``holders.rq``, one query).
        Empty for an adapter whose query folder has no such template."""
        if not values:
            return []
        try:
            template = load_query(self.queries, "holders")
        except TemplateError:
            return []
        rows = self.select(template, {"o": list(dict.fromkeys(values))}, limit=limit)
        found = {(row["e"], self.make_relation(row["p"], False), row["o"]) for row in rows}
        ordered = sorted(found, key=lambda k: (term_key(k[0]), k[1].iri, term_key(k[2])))
        return [Triple(Entity(e), rel, self.entity(o)) for e, rel, o in ordered]


    # -- aggregation ---------------------------------------------------------------------------
    def aggregate_query(self, terms: list[Term], attribute: Relation) -> tuple[str, dict]:
        """Template and bindings for ``aggregate``; adapters with compound hops route ``via``."""
        step = "aggregate_in" if attribute.inverse else "aggregate_out"
        return step, {("e", "p"): [(t, IRI(attribute.iri)) for t in terms]}

    def aggregate(self, entities: Sequence[Entity], attribute: Relation, op: str,
                  value=None) -> list[AggregateRow]:
        """``op`` over the values ``attribute`` reaches from ``entities`` (one GROUP BY query); the
        filter ops ``gt ge lt le eq`` keep the entities whose value compares so with ``value``."""
        terms = [e.term for e in as_entities(entities)]
        step, binds = self.aggregate_query(terms, attribute)
        return reduce_aggregate(self.run(step, binds) if terms else [], op, value)

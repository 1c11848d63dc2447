"""Wikidata (the RDF dump's truthy and full statements), on any SPARQL 1.1 store: WDQS, QLever,
Virtuoso or Oxigraph. No label service: labels are ``rdfs:label`` in the adapter's language.

Schema rules (SPARQL in ``queries/wikidata/``; docs/adapters.md explains each choice):
- ``wdt:Pn`` direct claims are plain hops; nothing else is (labels, descriptions, sitelinks, ranks,
  ``wdtn:``/``psv:``/``pqv:`` value nodes are never hops);
- a statement node is treated like a Freebase CVT: ``p:Pn`` into it, then ``ps:Pn`` to the value
  or ``pq:Pm`` to a qualifier, is one hop ``Relation(iri=p:Pn, via=ps:Pn | pq:Pm)``;
- relation names come from the property entity's label (``wd:P57`` "director"), fetched in one
  batched query for the properties in each result and cached; the id ("P57") when there is none."""
from __future__ import annotations

import re
from typing import Iterable

from kgsparql.endpoints.base import Endpoint, Rows
from kgsparql.types import IRI, Relation

from .schema import SchemaAdapter, local_words

__all__ = ["WikidataAdapter", "property_id", "WD", "WDT", "P", "PS", "PQ"]

WD = "http://www.wikidata.org/entity/"
WDT = "http://www.wikidata.org/prop/direct/"
P = "http://www.wikidata.org/prop/"
PS = "http://www.wikidata.org/prop/statement/"
PQ = "http://www.wikidata.org/prop/qualifier/"

_PROPERTY = re.compile(r"^http://www\.wikidata\.org/(?:prop/(?:direct/|statement/|qualifier/)?|entity/)(P\d+)$")
_RELATION_VAR = re.compile(r"^(?:p|via)\d*$")


def property_id(iri: str) -> str | None:
    """``P57`` for wdt:P57, p:P57, ps:P57, pq:P57 or wd:P57; None for anything else."""
    m = _PROPERTY.match(iri)
    return m.group(1) if m else None


class WikidataAdapter(SchemaAdapter):
    name = "wikidata"
    queries = "wikidata"

    def __init__(self, ctx):
        super().__init__(ctx)
        self._property_labels: dict[str, str | None] = {}

    def run(self, step: str, bindings=None, limit: int | None = None) -> Rows:
        """Every step's rows also teach the adapter the names of the properties they mention."""
        rows = super().run(step, bindings, limit)
        if step != "property_labels":
            self.learn_property_labels(term.value for row in rows for var, term in row.items()
                                       if _RELATION_VAR.match(var) and isinstance(term, IRI))
        return rows

    def learn_property_labels(self, iris: Iterable[str]) -> None:
        """Fetch, in one query, the labels of the properties behind ``iris`` not seen before."""
        ids = sorted({pid for iri in iris if (pid := property_id(iri)) and pid not in self._property_labels})
        if not ids:
            return
        found: dict[str, list] = {}
        for row in super().run("property_labels", {"prop": [IRI(WD + pid) for pid in ids]}):
            found.setdefault(row["prop"].value[len(WD):], []).append(row["label"])
        for pid in ids:
            self._property_labels[pid] = self._pick_label(found.get(pid, ()))

    def relation_words(self, iri: str) -> str:
        pid = property_id(iri)
        if pid is None:
            return local_words(iri)
        if pid not in self._property_labels:
            self.learn_property_labels([iri])
        return self._property_labels.get(pid) or pid

    def verbalize(self, relation: Relation) -> str:
        """``p:P39 -> ps:P39`` reads "position held"; ``p:P39 -> pq:P580`` "position held → start time"."""
        if relation.via and relation.via.startswith(PS) and property_id(relation.via) == property_id(relation.iri):
            return self.relation_words(relation.iri)
        return super().verbalize(relation)

"""Wikidata (the RDF dump's truthy and full statements), on any SPARQL 1.1 store: WDQS, QLever,
Virtuoso or Oxigraph. No label service: labels are ``rdfs:label`` in the adapter's language.

Schema rules (SPARQL in ``queries/wikidata/``; docs/adapters.md explains each choice):
- ``wdt:Pn`` direct claims are plain hops; nothing else is (labels, descriptions, sitelinks, ranks,
  ``wdtn:``/``psv:``/``pqv:`` value nodes are never hops);
- a statement node is treated like a Freebase CVT: ``p:Pn`` into it, then ``ps:Pn`` to the value
  or ``pq:Pm`` to a qualifier, is one hop ``Relation(iri=p:Pn, via=ps:Pn | pq:Pm)``;
- relation names come from the property entity's label (``wd:P57`` "director"), fetched in one
  batched query for the properties in each result and cached; the id ("P57") when there is none;
  its ``skos:altLabel`` aliases come with it (``relation_names``: what questions are matched against);
- a truthy claim and the statement that holds the same value are one hop: ``p:Pn`` -> ``ps:Pn`` is
  dropped wherever ``wdt:Pn`` links the same entities (the truthy claim is the best-ranked statement);
- ``instance of`` (P31) and ``subclass of`` (P279) say what kind of thing an item is, Wikidata's
  ``rdf:type``: like types on DBpedia they are no hop (a walk through the class "human" reaches
  everyone; "which movies feature X" must not answer X's class)."""
from __future__ import annotations

import re
from typing import Iterable, Sequence

from kgsparql.endpoints.base import Endpoint, Rows
from kgsparql.types import IRI, Entity, Relation, Triple

from .base import RelationCount

from .schema import SchemaAdapter, local_words

__all__ = ["WikidataAdapter", "property_id", "CLASS_PROPERTIES", "WD", "WDT", "P", "PS", "PQ"]

WD = "http://www.wikidata.org/entity/"
WDT = "http://www.wikidata.org/prop/direct/"
P = "http://www.wikidata.org/prop/"
PS = "http://www.wikidata.org/prop/statement/"
PQ = "http://www.wikidata.org/prop/qualifier/"

_PROPERTY = re.compile(r"^http://www\.wikidata\.org/(?:prop/(?:direct/|statement/|qualifier/)?|entity/)(P\d+)$")
_RELATION_VAR = re.compile(r"^(?:p|via)\d*$")
CLASS_PROPERTIES = frozenset({"P31", "P279"})     # instance of, subclass of: an item's kind, not a hop


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
        self._property_aliases: dict[str, tuple[str, ...]] = {}

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
        aliases: dict[str, list] = {}
        for row in super().run("property_labels", {"prop": [IRI(WD + pid) for pid in ids]}):
            is_alias = row.get("alias") is not None and row["alias"].value in ("true", "1")
            (aliases if is_alias else found).setdefault(row["prop"].value[len(WD):], []).append(row["label"])
        for pid in ids:
            self._property_labels[pid] = self._pick_label(found.get(pid, ()))
            self._property_aliases[pid] = tuple(dict.fromkeys(a.value for a in aliases.get(pid, ())))

    def relation_words(self, iri: str) -> str:
        pid = property_id(iri)
        if pid is None:
            return local_words(iri)
        if pid not in self._property_labels:
            self.learn_property_labels([iri])
        return self._property_labels.get(pid) or pid

    def relation_names(self, relation: Relation) -> list[str]:
        """The relation's label and its property's aliases (none for a qualifier hop)."""
        names = [self.verbalize(relation)]
        if relation.via is None or property_id(relation.via) == property_id(relation.iri):
            self.relation_words(relation.iri)          # learns the property's names when unseen
            names += self._property_aliases.get(property_id(relation.iri) or "", ())
        return list(dict.fromkeys(names))

    def relations(self, entities: Sequence[Entity], direction: str = "out") -> list[RelationCount]:
        found = [rc for rc in super().relations(entities, direction) if not _is_class(rc.relation)]
        truthy = {(rc.entity, property_id(rc.relation.iri), rc.relation.inverse)
                  for rc in found if rc.relation.via is None}
        return [rc for rc in found if not _statement_value(rc.relation)
                or (rc.entity, property_id(rc.relation.iri), rc.relation.inverse) not in truthy]

    def neighbors(self, entities: Sequence[Entity], relation: Relation | None = None,
                  direction: str = "out", limit: int = 10_000) -> list[Triple]:
        found = super().neighbors(entities, relation, direction, limit)
        if relation is not None:
            return found
        found = [t for t in found if not _is_class(t.relation)]
        truthy = {_fact_key(t) for t in found if t.relation.via is None}
        return [t for t in found if not _statement_value(t.relation) or _fact_key(t) not in truthy]

    def verbalize(self, relation: Relation) -> str:
        """``p:P39 -> ps:P39`` reads "position held"; ``p:P39 -> pq:P580`` "position held → start time"."""
        if relation.via and relation.via.startswith(PS) and property_id(relation.via) == property_id(relation.iri):
            return self.relation_words(relation.iri)
        return super().verbalize(relation)


def _is_class(relation: Relation) -> bool:
    return property_id(relation.iri) in CLASS_PROPERTIES


def _statement_value(relation: Relation) -> bool:
    """``p:Pn`` -> ``ps:Pn``: the statement's main value, which the truthy ``wdt:Pn`` also holds."""
    return relation.via is not None and relation.via.startswith(PS) and \
        property_id(relation.via) == property_id(relation.iri)


def _fact_key(t: Triple) -> tuple:
    return (t.head, property_id(t.relation.iri), t.relation.inverse, t.tail)

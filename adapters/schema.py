"""Shared base of the adapters for published KG schemas (Freebase, Wikidata, DBpedia).

Three things differ from the generic adapter:
- labels come in one configurable language (``lang="en"``), bound into every template that has a
  ``VALUES ?lang { }`` block, so no language code is ever pasted into SPARQL;
- a hop may pass through an intermediate node (Freebase CVT, Wikidata statement). Such a hop is one
  ``Relation(iri=<edge into the node>, via=<edge out of it>)``; a relation with ``via`` is answered by
  the ``neighbors_via_*`` / ``aggregate_via_*`` templates, which bind both edges. Three-hop paths
  are met in the middle (``meet.py``) rather than asked as one query;
- entity labels are fetched in one batched ``labels`` query after each step instead of an OPTIONAL
  inside every template: Virtuoso ignores a VALUES-bound ``?lang`` inside OPTIONAL, and Oxigraph
  cannot push a VALUES block inside OPTIONAL down to the bound node (it scans every label)."""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Sequence

from kgsparql.endpoints.base import Endpoint, Rows
from kgsparql.errors import InputError
from kgsparql.sparql import load_query
from kgsparql.types import IRI, Entity, Literal, Path, Relation, Term, Triple

from .base import AdapterContext, SparqlAdapter
from .meet import three_hop_paths

__all__ = ["SchemaAdapter", "local_words"]

_LANG_TAG = re.compile(r"^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$")
_LANG_BLOCK = re.compile(r"VALUES\s+\?lang\s*\{", re.IGNORECASE)
LABEL_BATCH = 1000  # IRIs per labels query when labelling a step's results


def local_words(iri: str) -> str:
    """``.../film.film.directed_by`` -> ``directed by``; ``.../birthPlace`` -> ``birth place``."""
    local = re.split(r"[/#]", iri.rstrip("/"))[-1]
    local = local.rsplit(".", 1)[-1] if "." in local else local
    return re.sub(r"(?<=[a-z])(?=[A-Z])", " ", local).replace("_", " ").strip().lower()


class SchemaAdapter(SparqlAdapter):
    """``lang`` picks the label language; ``compound_hops`` says whether the schema has
    intermediate nodes (and so ``neighbors_via_*`` / ``aggregate_via_*`` templates)."""

    compound_hops = True
    arrow = " → "  # joins the words of the two legs of a compound hop

    @dataclass(frozen=True)
    class Options:
        lang: str = "en"            # the label language

        def __post_init__(self) -> None:
            if not isinstance(self.lang, str) or not _LANG_TAG.match(self.lang):
                raise InputError(f"lang must be a language tag such as 'en', not {self.lang!r}")

    def __init__(self, ctx: AdapterContext):
        super().__init__(ctx)
        self.lang = (ctx.options or self.Options()).lang.lower()
        self.label_langs = (self.lang,)
        self.label_variants = (self.lang,)

    def run(self, step: str, bindings=None, limit: int | None = None) -> Rows:
        """As ``SparqlAdapter.run``, binding ``?lang`` wherever the template has a block for it."""
        template = load_query(self.queries, step)
        if _LANG_BLOCK.search(template.text) and "lang" not in (bindings or {}):
            bindings = {**(bindings or {}), "lang": [Literal(self.lang)]}
        return self.select(template, bindings, limit)

    # -- labels -----------------------------------------------------------------------------------
    def lookup(self, label: str, limit: int = 10) -> list[Entity]:
        """Exact spelling first, then by rank (name before alias or redirect); labelled by ``labels``."""
        if not label or not label.strip():
            return []
        rows = self.run("lookup", {"label": self.label_forms(label)}, limit=max(limit * 4, 10))
        exact = [row["e"] for row in rows if row["label"].value == label]
        found = [Entity(t) for t in dict.fromkeys(exact + [row["e"] for row in rows])][:limit]
        return self.named(found)

    def named(self, entities: Sequence[Entity]) -> list[Entity]:
        """``entities`` with the labels they lack, fetched in batched ``labels`` queries."""
        missing = list(dict.fromkeys(e for e in entities if e.label is None and isinstance(e.term, IRI)))
        names: dict[Entity, str] = {}
        batches = [missing[i:i + LABEL_BATCH] for i in range(0, len(missing), LABEL_BATCH)]
        for found in self.gather([lambda b=b: self.labels(b) for b in batches]):   # in flight together
            names.update(found)
        return [Entity(e.term, names[e]) if e.label is None and e in names else e for e in entities]

    def neighbors(self, entities: Sequence[Entity], relation: Relation | None = None,
                  direction: str = "out", limit: int = 10_000) -> list[Triple]:
        triples = super().neighbors(entities, relation, direction, limit)
        tails = self.named([t.tail for t in triples])
        return [Triple(t.head, t.relation, tail) for t, tail in zip(triples, tails)]

    def neighbors_each(self, wanted, limit: int = 10_000) -> dict:
        found = super().neighbors_each(wanted, limit)
        tails = iter(self.named([t.tail for triples in found.values() for t in triples]))
        return {r: [Triple(t.head, t.relation, next(tails)) for t in triples] for r, triples in found.items()}

    def paths(self, source: Entity, target: Entity, max_hops: int = 2, limit: int = 1000) -> list[Path]:
        if max_hops == 3:
            found = super().paths(source, target, 2, limit)
            found += three_hop_paths(super().neighbors, source, target, limit)
        else:
            found = super().paths(source, target, max_hops, limit)
        return self.named_paths(found[:limit])

    def named_paths(self, paths: list[Path]) -> list[Path]:
        """Label every node on ``paths`` that has no label yet, in batched queries."""
        nodes = self.named([e for p in paths for e in p.entities])
        out, i = [], 0
        for p in paths:
            ents = nodes[i:i + len(p) + 1]
            i += len(p) + 1
            out.append(Path(tuple(Triple(ents[k], t.relation, ents[k + 1]) for k, t in enumerate(p.triples))))
        return out

    # -- compound hops ---------------------------------------------------------------------------
    def neighbor_query(self, direction: str, terms: list[Term], relation: Relation | None) -> tuple[str, dict]:
        if relation is not None and (relation.star or relation.sink) and self.compound_hops:
            shape = "star" if relation.star else "sink"
            return f"neighbors_{shape}_{direction}", {("e", "p", "via"): self._hop_rows(terms, relation)}
        if relation is not None and relation.via and self.compound_hops:
            return f"neighbors_via_{direction}", {("e", "p", "via"): self._hop_rows(terms, relation)}
        return super().neighbor_query(direction, terms, relation)

    def aggregate_query(self, terms: list[Term], attribute: Relation) -> tuple[str, dict]:
        if attribute.via and self.compound_hops:
            shape = "star" if attribute.star else "sink" if attribute.sink else "via"
            step = f"aggregate_{shape}_in" if attribute.inverse else f"aggregate_{shape}_out"
            return step, {("e", "p", "via"): self._hop_rows(terms, attribute)}
        return super().aggregate_query(terms, attribute)

    @staticmethod
    def _hop_rows(terms: list[Term], relation: Relation) -> list[tuple]:
        """``VALUES (?e ?p ?via)`` rows: one per entity, both legs of the compound hop bound."""
        return [(t, IRI(relation.iri), IRI(relation.via)) for t in terms]

    # -- verbalisation ---------------------------------------------------------------------------
    def relation_words(self, iri: str) -> str:
        """Words for one predicate; subclasses know better names (Wikidata property labels)."""
        return local_words(iri)

    def verbalize(self, relation: Relation) -> str:
        words = self.relation_words(relation.iri)
        if not relation.via:
            return words
        return f"{words}{self.arrow}{self.relation_words(relation.via)}"

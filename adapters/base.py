"""``SparqlAdapter``, which implements every retrieval step of the Adapter protocol (``adapters.protocol``,
re-exported here) by rendering ``queries/<name>/<step>.rq``; labels, values and multi-hop steps are
its mixins (``label_steps``, ``value_steps``, ``steps``). Schema specifics live in the .rq files and in small hooks that
subclasses override (label choice, relation verbalisation, compound hops)."""
from __future__ import annotations

import re
from typing import Any, Sequence
from urllib.parse import unquote

from kgsparql.endpoints.base import Endpoint, Rows
from kgsparql.errors import InputError, MalformedResponse
from kgsparql.parallel import gather
from kgsparql.sparql import QueryTemplate, load_query
from kgsparql.types import IRI, Entity, Literal, Relation, Term, Triple

from .aggregate import AggregateRow
from .label_steps import LabelSteps, headline_case
from .protocol import Adapter, AdapterContext, RelationCount
from .relation_batches import RelationBatches
from .steps import PathSteps, as_entities, term_key
from .value_steps import ValueSteps

__all__ = ["Adapter", "AdapterContext", "SparqlAdapter", "RelationCount", "AggregateRow", "as_entities",
           "headline_case"]

DIRECTIONS = ("out", "in", "both")


def _check_direction(direction: str) -> None:
    if direction not in DIRECTIONS:
        raise InputError(f"direction must be one of {', '.join(DIRECTIONS)}, not {direction!r}")


class SparqlAdapter(PathSteps, LabelSteps, ValueSteps, RelationBatches):
    """Every step is one (or, for ``both``, two) templated queries with values bound via VALUES."""

    name = "generic"
    queries = "generic"          # folder under queries/
    label_langs = ("en", "")     # preferred label languages, in order ("" = no language tag)
    label_variants = ("", "en")  # language tags tried by lookup()

    lookup_ranked = False         # True when lookup.rq orders its rows itself (name before alias)
    Options = None                # this adapter takes no [adapters.<name>] options

    def __init__(self, ctx: AdapterContext):
        self.endpoint = ctx.endpoint
        self.options = ctx.options
        self._relation_cache: dict = {}

    @classmethod
    def on(cls, endpoint: Endpoint, **options: Any) -> "SparqlAdapter":
        """Built by hand: ``GenericAdapter.on(endpoint)``, ``WikidataAdapter.on(endpoint, lang="de")``."""
        opts = cls.Options(**options) if cls.Options is not None else None
        if opts is None and options:
            raise InputError(f"{cls.__name__} takes no options")
        return cls(AdapterContext(name=cls.name, endpoint=endpoint, options=opts))

    # -- plumbing -----------------------------------------------------------------------------
    def run(self, step: str, bindings=None, limit: int | None = None) -> Rows:
        return self.select(load_query(self.queries, step), bindings, limit)

    def select(self, template: QueryTemplate, bindings=None, limit: int | None = None) -> Rows:
        """The template's rows from the endpoint; a reply of another shape (other variables, a
        boolean, a page that is not a result) is one MalformedResponse naming endpoint and template."""
        name = getattr(self.endpoint, "url", None) or getattr(self.endpoint, "name", "the endpoint")
        try:
            rows = self.endpoint.select(template.limited(limit), bindings)
        except MalformedResponse as exc:
            raise MalformedResponse(f"{exc} (template {template.name})") from None
        return template.check_rows(rows, name)

    def gather(self, calls) -> list:
        """Independent calls (e.g. lambdas over ``run``), as many at once as the endpoint allows
        (``endpoint.concurrency``: 1 for the embedded store, a few for HTTP); results in order."""
        return gather(calls, getattr(self.endpoint, "concurrency", 1))

    # -- relations and neighbours --------------------------------------------------------------
    def make_relation(self, p: Term, inverse: bool, via: Term | None = None, star: bool = False,
                      sink: bool = False) -> Relation:
        if (star or sink) and via is not None and str(via) < str(p):   # one name for a star or sink
            p, via, inverse = via, p, not inverse                        # hop from either end
        key = (p, inverse, via, star, sink)
        rel = self._relation_cache.get(key)
        if rel is None:  # verbalising is regex work; a KG has few relations and many rows
            bare = Relation(str(p), None, inverse, str(via) if via is not None else None, star, sink)
            rel = self._relation_cache[key] = Relation(bare.iri, self.verbalize(bare), inverse, bare.via, star, sink)
        return rel

    def row_relation(self, row, inverse: bool) -> Relation:
        """The relation of a ``relations_*`` / ``neighbors_*`` row: ``?p``, and ``?via`` for a compound
        hop; a bound ``?star`` marks a star hop (``Relation.star``), a bound ``?sink`` a sink hop."""
        return self.make_relation(row["p"], inverse, row.get("via"), row.get("star") is not None,
                                  row.get("sink") is not None)

    def relations(self, entities: Sequence[Entity], direction: str = "out") -> list[RelationCount]:
        _check_direction(direction)
        ents = as_entities(entities)
        out: list[RelationCount] = []
        if not ents:
            return out
        dirs = ("out", "in") if direction == "both" else (direction,)
        terms = [e.term for e in ents]
        answers = self.gather([lambda d=d: self.run(f"relations_{d}", {"e": terms}) for d in dirs])
        for d, rows in zip(dirs, answers):
            for row in rows:
                rel = self.row_relation(row, d == "in")
                out.append(RelationCount(Entity(row["e"]), rel, int(row["n"].value)))
        out.sort(key=lambda rc: (term_key(rc.entity.term), rc.relation.iri, rc.relation.via or "", rc.relation.inverse,
                                 rc.relation.star, rc.relation.sink))
        return out

    def neighbor_query(self, direction: str, terms: list[Term], relation: Relation | None) -> tuple[str, dict]:
        """Template and bindings for one direction of ``neighbors``. Entity and relation go in one
        ``VALUES (?e ?p)`` block (``UNDEF`` = any relation): with two separate blocks Oxigraph scans
        the relation's every triple before joining the entities. Adapters with compound hops send a
        relation that has ``via`` to their own template."""
        p = IRI(relation.iri) if relation else None
        return f"neighbors_{direction}", {("e", "p"): [(t, p) for t in terms]}

    def neighbors(self, entities: Sequence[Entity], relation: Relation | None = None,
                  direction: str = "out", limit: int = 10_000) -> list[Triple]:
        _check_direction(direction)
        ents = {e.term: e for e in as_entities(entities)}
        if relation is not None:
            direction = "in" if relation.inverse else "out"
        if not ents:
            return []
        found: dict[tuple, list] = {}  # (head term, relation, tail term) -> tail labels seen
        dirs = ("out", "in") if direction == "both" else (direction,)
        queries = [self.neighbor_query(d, list(ents), relation) for d in dirs]
        answers = self.gather([lambda q=q: self.run(q[0], q[1], limit=limit) for q in queries])
        for d, rows in zip(dirs, answers):
            for row in rows:
                rel = self.row_relation(row, d == "in")
                if relation is not None and (rel.via, rel.star, rel.sink) != \
                        (relation.via, relation.star, relation.sink):
                    continue
                found.setdefault((row["e"], rel, row["o"]), []).append(row.get("label"))
        ordered = sorted(found.items(), key=lambda kv: (term_key(kv[0][0]), kv[0][1].iri, kv[0][1].via or "",
                                                         kv[0][1].inverse, term_key(kv[0][2])))
        return [Triple(ents.get(e) or Entity(e), rel, self.entity(o, labels)) for (e, rel, o), labels in ordered]

    def neighbors_among(self, entities: Sequence[Entity], relation: Relation, targets: Sequence[Entity],
                        limit: int = 10_000) -> list[Triple]:
        """The facts along ``relation`` from ``entities`` to ``targets`` only: how an explorer follows a
        relation too large to fetch whole (a hub's) towards entities it has already reached. One
        ``VALUES (?e ?p ?o)`` block, a row per (entity, target) pair. A compound (``via``) relation
        has no such template: its neighbours are fetched up to ``limit`` and filtered."""
        ents = {e.term: e for e in as_entities(entities)}
        ends = {t.term: t for t in as_entities(targets)}
        if not ents or not ends:
            return []
        if relation.via:
            return [t for t in self.neighbors(list(ents.values()), relation, limit=limit) if t.tail.term in ends]
        step = "neighbors_among_in" if relation.inverse else "neighbors_among_out"
        p = IRI(relation.iri)
        rows = self.run(step, {("e", "p", "o"): [(e, p, o) for e in ents for o in ends]}, limit=limit)
        found = {(row["e"], row["o"]) for row in rows}
        return [Triple(ents[e], relation, ends[o]) for e, o in sorted(found, key=lambda k: (term_key(k[0]), term_key(k[1])))]

    def verbalize(self, relation: Relation) -> str:
        """``starred_actors`` -> ``starred actors``, ``founded%20by`` -> ``founded by``; the compound ``a -> b`` for hops via a node."""
        def words(iri: str) -> str:
            local = unquote(re.split(r"[/#]", iri.rstrip("/"))[-1])
            local = local.rsplit(".", 1)[-1] if "." in local else local
            return re.sub(r"(?<=[a-z])(?=[A-Z])", " ", local).replace("_", " ").strip().lower()
        text = words(relation.iri)
        if relation.via:
            text = f"{text} {words(relation.via)}"
        return text

    def relation_names(self, relation: Relation) -> list[str]:
        """Every name of ``relation`` a question may use: its words, and aliases where the KG has them."""
        return [self.verbalize(relation)]

    def schema_relations(self, limit: int = 20_000, step: str = "schema_relations") -> list[Relation]:
        """The KG's relation vocabulary (``schema_relations.rq``, keyset pages in IRI order, up to
        ``limit`` relations), forward direction. Costly on a big endpoint: callers cache it."""
        found: list[Relation] = []
        after = None
        while len(found) < limit:
            page = [row["p"] for row in self.run(step, {"after": [after]}) if isinstance(row.get("p"), IRI)]
            if not page or (after is not None and page[-1].value <= after.value):
                break       # done, or an endpoint that ignores the paging filter: stop, do not loop
            found.extend(self.make_relation(p, False) for p in page)
            after = Literal(page[-1].value)
        return found[:limit]


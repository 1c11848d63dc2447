"""Generic adapter and the shared SparqlAdapter machinery: lookup spellings, duplicate rows from
several labels, aggregation over converted years, the hooks subclasses override."""
from __future__ import annotations

import pyoxigraph
import pytest

from kgsparql.adapters.base import SparqlAdapter, headline_case
from kgsparql.adapters.generic import GenericAdapter
from kgsparql.endpoints import EmbeddedEndpoint
from kgsparql.loading.convert import TripleConverter
from kgsparql.types import IRI, Entity, Literal, Relation

BASE = "https://kgsparql.example/"
ROWS = """Kismet|directed_by|William Dieterle
Kismet|release_year|1944
War|release_year|2007
War|directed_by|Philip G. Atwell
The Bride Wore Black|release_year|1968
Dr. Ehrlich's Magic Bullet|directed_by|William Dieterle
"""
EXTRA = f"""<{BASE}e/William%20Dieterle> <http://www.w3.org/2000/01/rdf-schema#label> "W. Dieterle"@en .
<{BASE}e/William%20Dieterle> <http://www.w3.org/2000/01/rdf-schema#label> "Wilhelm Dieterle"@de .
"""


@pytest.fixture(scope="module")
def adapter():
    store = pyoxigraph.Store()
    nt = "".join(TripleConverter(BASE).convert(ROWS.splitlines(), "|")) + EXTRA
    store.load(input=nt.encode(), format=pyoxigraph.RdfFormat.N_TRIPLES)
    return GenericAdapter.on(EmbeddedEndpoint.open(store=store))


def ent(label: str) -> Entity:
    return Entity(IRI(BASE + "e/" + label.replace(" ", "%20")))


def test_headline_case():
    assert headline_case("raiders of the lost ark") == "Raiders of the Lost Ark"
    assert headline_case("star wars (film)") == "Star Wars (film)"
    assert headline_case("the bride wore black") == "The Bride Wore Black"


def test_label_forms_keep_the_exact_spelling_first(adapter):
    forms = [f.value for f in adapter.label_forms("  the bride  wore black")]
    assert forms[0] == "  the bride  wore black" and "The Bride Wore Black" in forms


def test_one_triple_per_fact_whatever_the_number_of_labels(adapter):
    triples = adapter.neighbors([ent("Kismet")], Relation(BASE + "r/directed_by"))
    assert len(triples) == 1
    assert triples[0].tail.label == "William Dieterle", "the plain label wins for the generic adapter"


def test_aggregate_over_converted_years(adapter):
    films = [ent("Kismet"), ent("War"), ent("The Bride Wore Black")]
    year = Relation(BASE + "r/release_year")
    assert adapter.aggregate(films, year, "max")[0].value.value == "2007"
    assert adapter.aggregate(films, year, "sum")[0].value == Literal("5919", "http://www.w3.org/2001/XMLSchema#integer")
    assert adapter.aggregate(films, year, "avg")[0].value.value == "1973"
    assert [r.entity for r in adapter.aggregate(films, year, "argmin")] == [ent("Kismet")]
    assert adapter.aggregate(films, Relation(BASE + "r/directed_by"), "sum") == [], "names are not numbers"


def test_hooks_name_the_generic_templates(adapter):
    terms = [IRI(BASE + "e/Kismet")]
    assert adapter.neighbor_query("in", terms, None) == ("neighbors_in", {("e", "p"): [(terms[0], None)]})
    step, binds = adapter.aggregate_query(terms, Relation(BASE + "r/x", inverse=True))
    assert step == "aggregate_in" and binds == {("e", "p"): [(terms[0], IRI(BASE + "r/x"))]}
    assert isinstance(adapter, SparqlAdapter)


def test_a_path_through_a_node_with_three_labels_comes_once(adapter):
    other = adapter.lookup("Dr. Ehrlich's Magic Bullet")[0]
    paths = adapter.paths(ent("Kismet"), other, 2)
    assert len(paths) == 1 and paths[0].triples[0].tail.label == "William Dieterle"


def test_relation_names_read_back_escapes(adapter):
    """A TSV relation written with spaces is an escaped IRI; its words are the spaces again."""
    assert adapter.verbalize(Relation(BASE + "r/chief%20executive%20officer")) == "chief executive officer"
    assert adapter.verbalize(Relation(BASE + "r/directed_by")) == "directed by"

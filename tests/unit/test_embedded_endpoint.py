"""EmbeddedEndpoint on an in-memory store: terms, row cap, read-only guard, result cache, accounting."""
from __future__ import annotations

import pyoxigraph
import pytest

from kgsparql import stats
from kgsparql.endpoints import EmbeddedEndpoint, Endpoint, Rows
from kgsparql.endpoints.cache import ResultCache
from kgsparql.errors import EndpointUnavailable, QueryRejected, ReadOnlyViolation
from kgsparql.types import IRI, XSD, BlankNode, Literal

DATA = """
@prefix ex: <http://example.org/> .
@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .
ex:kismet ex:title "Kismet" ; ex:title_de "Kismet"@DE ; ex:year "1944"^^xsd:gYear ; ex:votes 42 ;
    ex:typed "typed"^^xsd:string ; ex:director ex:dieterle ; ex:award [ ex:name "none" ] .
ex:dieterle ex:name "William Dieterle" .
"""
OBJECTS = "SELECT ?p ?o WHERE { VALUES ?s { } ?s ?p ?o } ORDER BY ?p"
ALL = "SELECT ?s ?p ?o WHERE { ?s ?p ?o }"
EX = "http://example.org/"


@pytest.fixture
def store() -> pyoxigraph.Store:
    s = pyoxigraph.Store()
    s.load(input=DATA.encode(), format=pyoxigraph.RdfFormat.TURTLE)
    return s


@pytest.fixture
def endpoint(store) -> EmbeddedEndpoint:
    return EmbeddedEndpoint.open(store=store)


def test_is_an_endpoint(endpoint):
    assert isinstance(endpoint, Endpoint) and endpoint.name.startswith("embedded:memory#")


def test_select_gives_typed_terms(endpoint):
    rows = endpoint.select(OBJECTS, {"s": [IRI(EX + "kismet")]})
    got = {r["p"].value.removeprefix(EX): r["o"] for r in rows}
    assert isinstance(rows, Rows) and rows.variables == ["p", "o"] and not rows.truncated
    assert got["title"] == Literal("Kismet") and got["typed"] == Literal("typed")
    assert got["title_de"] == Literal("Kismet", None, "de")
    assert got["year"] == Literal("1944", XSD + "gYear") and got["votes"] == Literal("42", XSD + "integer")
    assert got["director"] == IRI(EX + "dieterle") and isinstance(got["award"], BlankNode)


def test_unbound_variables_are_left_out_of_the_row(endpoint):
    rows = endpoint.select("SELECT ?s ?missing WHERE { ?s <http://example.org/name> 'William Dieterle' "
                           "OPTIONAL { ?s <http://example.org/nope> ?missing } }")
    assert list(rows) == [{"s": IRI(EX + "dieterle")}] and rows.variables == ["s", "missing"]


def test_ask(endpoint):
    assert endpoint.ask("ASK { VALUES ?s { } ?s ?p ?o }", {"s": [IRI(EX + "kismet")]}) is True
    assert endpoint.ask("ASK { VALUES ?s { } ?s ?p ?o }", {"s": [IRI(EX + "nobody")]}) is False


def test_row_cap_truncates(store):
    rows = EmbeddedEndpoint.open(store=store, max_rows=3).select(ALL)
    assert len(rows) == 3 and rows.truncated
    assert not EmbeddedEndpoint.open(store=store, max_rows=len(store)).select(ALL).truncated


@pytest.mark.parametrize("update", ["INSERT DATA { <http://a> <http://b> <http://c> }", "DROP ALL",
                                    "DELETE WHERE { ?s ?p ?o }", "SELECT * WHERE { ?s ?p ?o } ; DROP ALL"])
def test_update_is_refused_and_store_unchanged(endpoint, store, update):
    before = set(store)
    with pytest.raises(ReadOnlyViolation):
        endpoint.select(update)
    with pytest.raises(ReadOnlyViolation):
        endpoint.ask(update)
    assert set(store) == before


def test_wrong_form_is_rejected(endpoint):
    with pytest.raises(QueryRejected):
        endpoint.ask(ALL)
    with pytest.raises(QueryRejected):
        endpoint.select("ASK { ?s ?p ?o }")


def test_syntax_error_is_one_line_query_rejected(endpoint):
    with pytest.raises(QueryRejected) as info:
        endpoint.select("SELECT ?x WHERE { ?x ?y }")
    assert "\n" not in str(info.value)


def test_missing_store_directory_is_unavailable(tmp_path):
    with pytest.raises(EndpointUnavailable, match="kgsparql load"):
        EmbeddedEndpoint.open(tmp_path / "nothing-here")


def test_result_cache_hit_is_counted(store, tmp_path):
    cache = ResultCache(tmp_path / "cache.sqlite")
    with EmbeddedEndpoint.open(store=store, cache=cache) as endpoint, stats.collect() as st:
        first = endpoint.select(OBJECTS, {"s": [IRI(EX + "dieterle")]})
        second = endpoint.select(OBJECTS, {"s": [IRI(EX + "dieterle")]})
        other = endpoint.select(OBJECTS, {"s": [IRI(EX + "kismet")]})
        asked = [endpoint.ask("ASK { ?s ?p ?o }") for _ in range(2)]
    assert list(first) == list(second) == [{"p": IRI(EX + "name"), "o": Literal("William Dieterle")}]
    assert second.variables == ["p", "o"] and len(other) == 7 and asked == [True, True]
    assert (st.sparql_queries, st.sparql_cache_hits) == (3, 2)


def test_truncated_results_are_not_cached(store, tmp_path):
    cache = ResultCache(tmp_path / "cache.sqlite")
    endpoint = EmbeddedEndpoint.open(store=store, cache=cache, max_rows=2)
    with stats.collect() as st:
        endpoint.select(ALL)
        endpoint.select(ALL)
    assert (st.sparql_queries, st.sparql_cache_hits) == (2, 0)

"""The same queries against embedded Oxigraph, the real Oxigraph server and the real Virtuoso, on
the MetaQA fixture converted with the default base IRI. Raw queries here are the thing tested."""
from __future__ import annotations

from pathlib import Path

import pytest

from kgsparql import stats
from kgsparql.config import DEFAULT_BASE_IRI
from kgsparql.endpoints.cache import ResultCache
from kgsparql.endpoints.http import HttpEndpoint
from kgsparql.errors import QueryRejected
from kgsparql.loading.convert import entity_iri, relation_iri
from kgsparql.types import IRI, XSD, Literal
from servers import graph_iri

DATASETS = sorted({p.stem for p in (Path(__file__).parents[1] / "fixtures" / "kg").iterdir()
                   if p.suffix in (".ttl", ".nt", ".txt")})
LABEL = "http://www.w3.org/2000/01/rdf-schema#label"
VALUE = "http://www.w3.org/1999/02/22-rdf-syntax-ns#value"
DIRECTED_BY = relation_iri(DEFAULT_BASE_IRI, "directed_by")

DIRECTOR_OF = f"""SELECT ?film ?name WHERE {{
  VALUES ?title {{ }}
  ?film <{LABEL}> ?title ; <{DIRECTED_BY}> ?d . ?d <{LABEL}> ?name
}} ORDER BY ?name"""
YEAR_OF = f"""SELECT ?year WHERE {{
  VALUES ?film {{ }}
  ?film <{relation_iri(DEFAULT_BASE_IRI, "release_year")}> ?node . ?node <{VALUE}> ?year
}}"""
ALL_TRIPLES = "SELECT ?s ?p ?o WHERE { ?s ?p ?o }"
COUNT_TRIPLES = "SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }"
HAS_DIRECTOR = f"ASK {{ VALUES ?film {{ }} ?film <{DIRECTED_BY}> ?d }}"


def test_select_binds_values_and_returns_plain_literals(endpoint_for):
    rows = endpoint_for("metaqa").select(DIRECTOR_OF, {"title": [Literal("Kismet"), Literal("The Bride Wore Black")]})
    assert [(r["film"], r["name"]) for r in rows] == [
        (IRI(entity_iri(DEFAULT_BASE_IRI, "The Bride Wore Black")), Literal("François Truffaut")),
        (IRI(entity_iri(DEFAULT_BASE_IRI, "Kismet")), Literal("William Dieterle"))]
    assert rows.variables == ["film", "name"] and not rows.truncated


def test_typed_literal_keeps_its_datatype(endpoint_for):
    rows = endpoint_for("metaqa").select(YEAR_OF, {"film": [IRI(entity_iri(DEFAULT_BASE_IRI, "Kismet"))]})
    assert list(rows) == [{"year": Literal("1944", XSD + "gYear")}]
    assert rows[0]["year"].to_python() == 1944


def test_ask(endpoint_for):
    endpoint = endpoint_for("metaqa")
    assert endpoint.ask(HAS_DIRECTOR, {"film": [IRI(entity_iri(DEFAULT_BASE_IRI, "Kismet"))]}) is True
    assert endpoint.ask(HAS_DIRECTOR, {"film": [IRI(entity_iri(DEFAULT_BASE_IRI, "William Dieterle"))]}) is False


@pytest.mark.parametrize("dataset", DATASETS)
def test_each_dataset_is_complete_and_alone_in_its_graph(endpoint_for, kg_datasets, dataset):
    triples = {line for line in kg_datasets[dataset].read_text("utf-8").splitlines() if line.strip()}
    count = endpoint_for(dataset).select(COUNT_TRIPLES)[0]["n"]
    assert count == Literal(str(len(triples)), XSD + "integer")


def test_long_query_by_post_still_answers(endpoint_for):
    titles = [Literal(f"No Such Film {i}") for i in range(300)] + [Literal("Kismet")]
    rows = endpoint_for("metaqa").select(DIRECTOR_OF, {"title": titles})
    assert [r["name"] for r in rows] == [Literal("William Dieterle")]


def test_syntax_error_is_query_rejected(endpoint_for):
    with pytest.raises(QueryRejected) as info:
        endpoint_for("metaqa").select("SELECT ?x WHERE { ?x ?y }")
    assert "\n" not in str(info.value)


def test_client_row_cap_truncates(endpoint_for):
    endpoint = endpoint_for("metaqa")
    endpoint.max_rows = 5
    rows = endpoint.select(ALL_TRIPLES)
    assert len(rows) == 5 and rows.truncated


def test_virtuoso_result_set_cap_is_reported_as_truncated(virtuoso_server):
    endpoint = HttpEndpoint.open(virtuoso_server.url, default_graph=graph_iri("metaqa"))
    rows = endpoint.select("SELECT ?s ?i WHERE { ?s ?p ?o . ?s2 ?p2 ?o2 . VALUES ?i { 1 2 3 } }")
    assert len(rows) == 10_000 and rows.truncated  # Debian's ini: ResultSetMaxRows = 10000


@pytest.mark.servers
@pytest.mark.parametrize("kind", ["oxigraph", "virtuoso"])
def test_result_cache_hits_on_second_identical_call(kind, request, tmp_path):
    server = request.getfixturevalue(f"{kind}_server")
    cache = ResultCache(tmp_path / "results.sqlite")
    with HttpEndpoint.open(server.url, default_graph=graph_iri("metaqa"), cache=cache) as endpoint, stats.collect() as st:
        first = endpoint.select(DIRECTOR_OF, {"title": [Literal("Kismet")]})
        second = endpoint.select(DIRECTOR_OF, {"title": [Literal("Kismet")]})
    assert list(first) == list(second) == [{"film": IRI(entity_iri(DEFAULT_BASE_IRI, "Kismet")),
                                            "name": Literal("William Dieterle")}]
    assert (st.sparql_queries, st.sparql_cache_hits) == (1, 1)
    assert second.variables == ["film", "name"]

"""User text never becomes SPARQL: labels and questions full of quotes, braces, backslashes, newlines
and update keywords go through lookup(), labels() and neighbors() as bound values. Results stay
right (an entity whose label is itself such a string is found) and the store is unchanged."""
from __future__ import annotations

import pytest

from kgsparql.adapters.generic import GenericAdapter
from kgsparql.errors import KGSparqlError
from kgsparql.types import IRI, Entity

from .cases import CASES, NASTY_LABEL

WITH_NASTY = [c for c in CASES if c.nasty]
WITH_UNICODE = [c for c in CASES if c.unicode_label]

HOSTILE = (
    'Star Wars" } ; DROP ALL ; SELECT * WHERE { ?s ?p ?o } #',
    "Star Wars' } DELETE WHERE { ?s ?p ?o } #",
    "}} INSERT DATA { <urn:evil> <urn:evil> <urn:evil> } {{",
    'x" . } INSERT DATA { GRAPH <urn:g> { <urn:a> <urn:b> "c" } } #',
    "<http://example.org/> > < \\ \\\\ \\u0022 \\n",
    '"""triple quoted""" \'\'\'too\'\'\'',
    "line one\nline two\r\n\ttabbed",
    "CLEAR DEFAULT; LOAD <http://example.org/evil.ttl>",
    "Ünïcödé — 東京 — 🎬 — \u200b zero width",
    "?e ?p ?o . FILTER(true)",
    "%22%7D%20DROP%20ALL",
)
BAD_IRIS = ("http://x/> } DROP ALL { <", "not an iri", "http://x/a b", 'http://x/"')

COUNT = "SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }"


def triple_count(endpoint) -> int:
    return int(endpoint.select(COUNT)[0]["n"].value)


@pytest.fixture
def endpoint(case, endpoint_for):
    return endpoint_for(case.dataset)


def test_hostile_text_changes_nothing(adapter, endpoint, case):
    before = triple_count(endpoint)
    for text in HOSTILE:
        assert adapter.lookup(text) == [], text
        assert adapter.lookup(text.upper()) == []
    start = Entity(IRI(case.entity))
    assert adapter.neighbors([start], None, "both")
    assert triple_count(endpoint) == before


@pytest.mark.parametrize("case", WITH_NASTY, ids=lambda c: c.id)
def test_entity_with_a_hostile_label_is_found(adapter, endpoint, case):
    before = triple_count(endpoint)
    found = adapter.lookup(NASTY_LABEL)
    assert [e.id for e in found] == [case.nasty]
    assert found[0].label == NASTY_LABEL
    assert adapter.labels([Entity(IRI(case.nasty))]) == {Entity(IRI(case.nasty)): NASTY_LABEL}
    assert adapter.neighbors([Entity(IRI(case.nasty))]), "the entity's facts are reachable"
    assert triple_count(endpoint) == before


@pytest.mark.parametrize("case", WITH_NASTY, ids=lambda c: c.id)
def test_hostile_label_as_a_neighbour_tail(adapter, case):
    tails = {}
    for t in adapter.neighbors([Entity(IRI(case.nasty))], None, "out"):
        for back in adapter.neighbors([t.tail], t.relation.reversed()):
            tails[back.tail.id] = back.tail.label
    assert tails.get(case.nasty) == NASTY_LABEL


def test_malformed_iris_are_refused_before_any_query(adapter, endpoint, case):
    before = triple_count(endpoint)
    for bad in BAD_IRIS:
        with pytest.raises(KGSparqlError):
            adapter.labels([Entity(IRI(bad))])
        with pytest.raises(KGSparqlError):
            adapter.neighbors([Entity(IRI(bad))])
    assert triple_count(endpoint) == before


@pytest.mark.parametrize("case", WITH_UNICODE, ids=lambda c: c.id)
def test_unicode_label_round_trips(adapter, case):
    found = adapter.lookup(case.unicode_label)
    assert found and found[0].label == case.unicode_label
    assert adapter.labels(found[:1])[found[0]] == case.unicode_label


def test_generic_adapter_on_plain_rdf_finds_the_hostile_label(endpoint_for):
    """The converted MetaQA sample has no such label; DBpedia's rdfs:label data is plain RDF too."""
    endpoint = endpoint_for("dbpedia")
    before = triple_count(endpoint)
    found = GenericAdapter.on(endpoint).lookup(NASTY_LABEL)
    assert [e.id for e in found] == ["http://dbpedia.org/resource/Tricky_label"]
    assert triple_count(endpoint) == before

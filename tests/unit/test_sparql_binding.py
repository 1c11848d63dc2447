"""bind_values / render_term / query_kind: values become SPARQL terms only through pyoxigraph, and
nothing but SELECT / ASK / CONSTRUCT / DESCRIBE gets past the read-only guard."""
from __future__ import annotations

import pyoxigraph
import pytest

from kgsparql.errors import ReadOnlyViolation, TemplateError
from kgsparql.sparql import bind_values, query_kind, render_term
from kgsparql.types import IRI, XSD, BlankNode, Literal

ONE = "SELECT ?x WHERE { VALUES ?x { } }"
TWO = "SELECT ?a ?b WHERE { VALUES (?a ?b) { } }"
NASTY = ['say "hi"', "it's", "} } DROP ALL #", "a > b", "back\\slash", "line\nbreak\r\ttab",
         "François ☃ 😀 日本", "DROP ALL", '""" triple', "'''", "<http://x/>", "?x", "\\u0022", ""]


def run(text: str) -> list:
    """Execute on an empty in-memory store: shows what the text means, not how it looks."""
    solutions = pyoxigraph.Store().query(text)
    names = [v.value for v in solutions.variables]
    return [{n: s[n] for n in names if s[n] is not None} for s in solutions]


@pytest.mark.parametrize("value", NASTY)
def test_nasty_literal_round_trips_as_one_value(value):
    text = bind_values(ONE, {"x": [Literal(value)]})
    assert query_kind(text) == "SELECT"
    assert run(text) == [{"x": pyoxigraph.Literal(value)}]


def test_render_term_escapes():
    assert render_term(Literal('a"b\\c\nd')) == r'"a\"b\\c\nd"'
    assert render_term(Literal("x", lang="en")) == '"x"@en'
    assert render_term(Literal("7", XSD + "integer")) == f'"7"^^<{XSD}integer>'
    assert render_term(IRI("http://example.org/ü")) == "<http://example.org/ü>"


@pytest.mark.parametrize("term", [IRI("http://x/a>b"), IRI("http://x/a b"), IRI("not absolute"), IRI(""),
                                  IRI('http://x/"'), IRI("http://x/{}"), IRI("http://x/a\nb"), IRI("http://x/\\"),
                                  Literal("x", lang="not a tag!"), Literal("x", datatype="bad dt"),
                                  BlankNode("b0"), "http://x/plain-string"])
def test_invalid_terms_are_rejected(term):
    with pytest.raises(TemplateError):
        render_term(term)
    with pytest.raises(TemplateError):
        bind_values(ONE, {"x": [term]})


def test_single_variable_rows_and_undef():
    text = bind_values(ONE, {"x": [IRI("http://x/a"), None, (Literal("b"),)]})
    assert "UNDEF" in text
    assert run(text) == [{"x": pyoxigraph.NamedNode("http://x/a")}, {}, {"x": pyoxigraph.Literal("b")}]


def test_tuple_rows_with_undef():
    text = bind_values(TWO, {("a", "b"): [(IRI("http://x/a"), None), (None, Literal("2", XSD + "integer"))]})
    integer = pyoxigraph.NamedNode(XSD + "integer")
    assert run(text) == [{"a": pyoxigraph.NamedNode("http://x/a")}, {"b": pyoxigraph.Literal("2", datatype=integer)}]


def test_row_width_must_match():
    with pytest.raises(TemplateError):
        bind_values(TWO, {("a", "b"): [(IRI("http://x/a"),)]})


def test_binding_without_block_is_an_error_and_unbound_blocks_stay():
    with pytest.raises(TemplateError, match=r"\?y"):
        bind_values(ONE, {"y": [IRI("http://x/a")]})
    two_blocks = "SELECT * WHERE { VALUES ?x { } VALUES ?y { } }"
    assert bind_values(two_blocks, {"x": [IRI("http://x/a")]}).endswith("VALUES ?y { } }")
    assert bind_values(ONE, None) == ONE


@pytest.mark.parametrize("query,kind", [
    ("SELECT * WHERE { ?s ?p ?o }", "SELECT"), ("ask { ?s ?p ?o }", "ASK"),
    ("CONSTRUCT WHERE { ?s ?p ?o }", "CONSTRUCT"), ("DESCRIBE <http://x/a>", "DESCRIBE"),
    ("BASE <http://b/> PREFIX : <http://x/> PREFIX drop: <http://d/> ASK { :a drop:load :c }", "ASK"),
    ("SELECT ?s WHERE { ?s ?p ?o } # DROP ALL", "SELECT"),
    ("SELECT ?s WHERE { ?s ?p 'INSERT DATA' }", "SELECT"),
    ('SELECT ?s WHERE { ?s ?p """multi\nline\nDELETE WHERE { ?s ?p ?o }""" }', "SELECT"),
    ("SELECT ?insert ?delete WHERE { ?insert <http://x/drop/all> ?delete }", "SELECT"),
    ("SELECT ?s WHERE { ?s ?p ?o FILTER(CONTAINS(STR(?o), \"clear; load\")) }", "SELECT"),
    ("# INSERT DATA { <a> <b> <c> }\nSELECT * {}", "SELECT"),
])
def test_read_forms_are_accepted(query, kind):
    assert query_kind(query) == kind


@pytest.mark.parametrize("query", [
    "INSERT DATA { <http://a> <http://b> <http://c> }", "DELETE DATA { <http://a> <http://b> <http://c> }",
    "DELETE WHERE { ?s ?p ?o }", "WITH <http://g> DELETE { ?s ?p ?o } INSERT { ?s ?p 1 } WHERE { ?s ?p ?o }",
    "LOAD <http://x/data.ttl>", "CLEAR ALL", "DROP ALL", "drop graph <http://g>", "CREATE GRAPH <http://g>",
    "ADD <http://g> TO <http://h>", "MOVE DEFAULT TO <http://g>", "COPY <http://g> TO DEFAULT",
    "PREFIX ex: <http://e/> INSERT DATA { ex:a ex:b ex:c }",
    "SELECT * WHERE { ?s ?p ?o } ; DROP ALL", "SELECT * WHERE { ?s ?p ?o }\n;\nCLEAR DEFAULT",
    "SELECT ?s WHERE { ?s ?p \"a # not a comment\" } ; DROP ALL",
    "SELECT * {} # comment\nDROP ALL", "", "   ", "# only a comment",
])
def test_updates_and_non_queries_are_refused(query):
    with pytest.raises(ReadOnlyViolation) as info:
        query_kind(query)
    assert "\n" not in str(info.value)


def test_bound_values_cannot_smuggle_an_update():
    text = bind_values(ONE, {"x": [Literal("} ; DROP ALL ; SELECT * { #"), IRI("http://x/drop")]})
    assert query_kind(text) == "SELECT" and len(run(text)) == 2

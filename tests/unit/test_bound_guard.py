"""The guard on bound queries (``bind_checked``): values that cannot change how the text around them
reads are judged through the template, so thousands of IRIs spelling "add" or "drop" cost no parse;
values that could (quotes in a query holding strings, escapes, line breaks) send the bound text
itself through the parser, and a call smuggled that way is still refused."""
from __future__ import annotations

import pytest

from kgsparql.endpoints import EmbeddedEndpoint
from kgsparql.errors import QueryRejected, ServiceRefused
from kgsparql.readonly import _parsed, passed_read_form
from kgsparql.sparql import bind_checked, bind_values
from kgsparql.types import IRI, Literal

from faultserver import serving

ROWS = "SELECT ?e ?p ?o WHERE { VALUES (?e ?p ?o) { } ?e ?p ?o . }"
IN_STRING = 'SELECT * WHERE { ?s ?p "VALUES ?x { }" }'


def test_iris_spelling_update_words_skip_the_parser():
    names = ["Paddington", "The_Drop", "Clear_and_Present_Danger", "Load", "Moved", "Copycat"]
    rows = [(IRI(f"http://kg/{a}"), IRI("http://kg/r"), IRI(f"http://kg/{b}")) for a in names for b in names]
    before = _parsed.cache_info()
    text, kind = bind_checked(ROWS, {("e", "p", "o"): rows})
    after = _parsed.cache_info()
    assert kind == "SELECT" and text == bind_values(ROWS, {("e", "p", "o"): rows})
    assert "Paddington" in text and (after.hits, after.misses) == (before.hits, before.misses)


def test_literals_in_a_query_without_strings_are_inert():
    text, kind = bind_checked("SELECT ?x WHERE { VALUES ?x { } }", {"x": [Literal("add it"), Literal("o'drop")]})
    assert kind == "SELECT" and '"o\'drop"' in text


@pytest.mark.parametrize("value", [" . SERVICE <http://127.0.0.1:9/> { ?a ?b ?c } ?s ?p ",
                                   ' } " . SERVICE <http://127.0.0.1:9/> { ?a ?b ?c } ?s ?p "'])
def test_a_literal_closing_a_string_of_the_query_is_parsed_and_refused(value):
    with pytest.raises((ServiceRefused, QueryRejected)):
        bind_checked(IN_STRING, {"x": [Literal(value)]})


def test_the_smuggled_call_never_leaves_the_embedded_store():
    with serving() as srv, EmbeddedEndpoint.open(store=None) as ep:
        value = f" . SERVICE <{srv.url}> {{ ?a ?b ?c }} ?s ?p "
        with pytest.raises(ServiceRefused):
            ep.select(IN_STRING, {"x": [Literal(value)]})
        assert srv.requests == []


@pytest.mark.parametrize("text, form", [("PREFIX a: <http://a/>\n# drop\nselect * {}", "SELECT"),
                                        ("ASK {}", "ASK"), ("\\u0053ELECT * {}", "SELECT")])
def test_read_form_of_a_passed_text(text, form):
    assert passed_read_form(text) == form

"""The read-only guard follows the SPARQL grammar for comments (ended by \\n or \\r), strings (short,
long, escapes), and refuses SERVICE unless allowed: checked on the guard, a real embedded store (no
request reaches a loopback server) and the CLI."""
from __future__ import annotations

import pyoxigraph
import pytest
from click.testing import CliRunner

from kgsparql.cli import main
from kgsparql.config import Settings
from kgsparql.endpoints import EmbeddedEndpoint
from kgsparql.errors import ConfigError, QueryRejected, ReadOnlyViolation, ServiceRefused
from kgsparql.sparql import query_kind

from faultserver import serving


@pytest.mark.parametrize("query", [
    "#\rINSERT DATA { <a> <b> <c> } ",
    "# looks like a comment\rDROP ALL",
    "SELECT * {} #\rDROP ALL",
    "SELECT * {} #\r\nDELETE WHERE { ?s ?p ?o }",
    "PREFIX ex: <http://e/> #\rINSERT DATA { ex:a ex:b ex:c }",
])
def test_comments_end_at_carriage_return(query):
    with pytest.raises(ReadOnlyViolation) as info:
        query_kind(query)
    assert "would change data" in str(info.value) and "empty query" not in str(info.value)


@pytest.mark.parametrize("query", ["", "   # nothing", "PREFIX ex: <http://x/>", "(SELECT * {})"])
def test_what_is_not_one_query_is_refused(query):
    with pytest.raises((QueryRejected, ReadOnlyViolation)):
        query_kind(query)


@pytest.mark.parametrize("query", [
    'SELECT ?s { ?s ?p """a "" \\""" DROP ALL""" }',
    "SELECT ?s { ?s ?p '''it''s '' DROP ALL''' }",
    'SELECT ?s { ?s ?p "say \\"DROP ALL\\"" }',
    "SELECT ?s { ?s ?p 'x\\'; CLEAR ALL' }",
    'SELECT ?s { ?s ?p "#" . ?s ?q <http://x/#frag> }\r# DROP ALL',
])
def test_strings_follow_the_grammar(query):
    assert query_kind(query) == "SELECT"
    pyoxigraph.Store().query(query)  # and the store parses it as the same one query


@pytest.mark.parametrize("query", [
    'SELECT ?s { ?s ?p "a\rDROP ALL" }',          # a short string cannot hold a raw line break
    "SELECT ?s { ?s ?p 'a\nDROP ALL' }",
    'SELECT ?s { ?s ?p "bad \\q escape DROP ALL" }',
    'SELECT ?s { ?s ?p """never closed DROP ALL }',
])
def test_malformed_strings_are_refused(query):
    with pytest.raises(QueryRejected):
        query_kind(query)


SERVICE_QUERY = "SELECT * WHERE {{ SERVICE <{url}> {{ ?s ?p ?o }} }}"


def test_service_is_refused_unless_allowed():
    query = SERVICE_QUERY.format(url="http://127.0.0.1:9/sparql")
    with pytest.raises(ServiceRefused):
        query_kind(query)
    with pytest.raises(ServiceRefused):
        query_kind("select * { service silent <http://x/> { ?s ?p ?o } }")
    assert query_kind(query, allow_service=True) == "SELECT"
    # the word inside strings, IRIs, comments and variable names is no SERVICE call
    assert query_kind('SELECT ?service { ?service <http://x/SERVICE> "SERVICE" } # SERVICE <x>') == "SELECT"


def test_embedded_store_sends_nothing_when_service_is_refused():
    with serving() as srv, EmbeddedEndpoint.open(store=None) as ep:
        with pytest.raises(ServiceRefused):
            ep.select(SERVICE_QUERY.format(url=srv.url))
        assert srv.requests == []
        allowed = EmbeddedEndpoint.open(store=ep.store, allow_service=True)
        assert allowed.allow_service
        try:
            allowed.select(SERVICE_QUERY.format(url=srv.url))
        except QueryRejected:
            pass  # this pyoxigraph build may lack an HTTP client; the guard let the query through


def test_allow_service_setting_is_validated():
    assert Settings.load(env={"KGSPARQL_ALLOW_SERVICE": "true"}).allow_service is True
    with pytest.raises(ConfigError):
        Settings.load(env={"KGSPARQL_ALLOW_SERVICE": "maybe"})
    with pytest.raises(ConfigError):
        Settings(allow_service="yes")


def test_cli_refuses_service_in_one_line_and_the_flag_allows_it(tmp_path):
    query = SERVICE_QUERY.format(url="http://127.0.0.1:9/sparql")
    store = str(tmp_path / "s")
    result = CliRunner().invoke(main, ["sparql", "--store", store, query])
    assert result.exit_code == 1
    assert result.output.strip().splitlines() == [result.output.strip()] and "SERVICE" in result.output
    result = CliRunner().invoke(main, ["sparql", "--store", store, "--allow-service", query])
    assert "SERVICE" not in result.output  # passed the guard; fails later (no store there)


# Reported in round 2: SERVICE right after "." (a keyword scan took ".SERVICE" for one word), in every
# place a group can be, in any case, escaped, after a comment ended by \r.
HIDDEN_SERVICE = [
    "SELECT ?a {{ BIND(1 AS ?x) .SERVICE <{url}> {{ ?p ?q ?a }} }}",
    "SELECT ?a {{ OPTIONAL {{ ?s ?o 1 }} ?s ?o 1.SERVICE <{url}> {{ ?p ?q ?a }} }}",
    "SELECT ?x {{ BIND(1 AS ?x) FILTER EXISTS {{ BIND(2 AS ?y) .SERVICE <{url}> {{ ?p ?q ?a }} }} }}",
    "SELECT ?a {{ {{ SELECT ?a {{ BIND(1 AS ?x) .SERVICE <{url}> {{ ?p ?q ?a }} }} }} }}",
    "SELECT ?a {{ BIND(1 AS ?x) OPTIONAL {{ BIND(2 AS ?y) .SERVICE <{url}> {{ ?p ?q ?a }} }} }}",
    "select ?a {{ bind(1 as ?x) .service silent <{url}> {{ ?p ?q ?a }} }}",
    "ASK {{ BIND(1 AS ?x) .SERVICE <{url}> {{ ?p ?q ?a }} }}",
    "SELECT ?a {{ \\u0053ERVICE <{url}> {{ ?p ?q ?a }} }}",
    "SELECT ?a {{ #\r SERVICE <{url}> {{ ?p ?q ?a }}\n }}",
    # one string to a parser that expands \u0022 before reading strings; a call to Oxigraph
    'SELECT * {{ OPTIONAL {{ ?s ?p "a\\u0022 , " }} . SERVICE <{url}> {{ ?p ?q ?a }} '
    'OPTIONAL {{ ?s ?p " , \\u0022x" }} }}',
]


@pytest.mark.parametrize("template", HIDDEN_SERVICE)
def test_hidden_service_is_refused_and_the_store_fetches_nothing(template):
    with serving() as srv, EmbeddedEndpoint.open(store=None) as ep:
        query = template.format(url=srv.url)
        with pytest.raises(ServiceRefused):
            query_kind(query)
        with pytest.raises(ServiceRefused):
            ep.ask(query) if query.startswith("ASK") else ep.select(query)
        assert srv.requests == []


# Found by the fuzz test in CI: rdflib cannot parse a SERVICE call after a string holding "#", so the
# reading where each escape is a plain letter (Oxigraph's: a call) failed and the one where \u0022
# closes strings early (no call) passed. A text only some readings parse is refused.
def test_a_text_only_some_readings_parse_is_refused_and_the_store_fetches_nothing():
    with serving() as srv, EmbeddedEndpoint.open(store=None) as ep:
        query = (f'SELECT * {{ OPTIONAL {{ ?s ?p "\\u0022\\u0022#" }} . SERVICE <{srv.url}> {{ ?p ?q ?a }} '
                 'OPTIONAL { ?s ?p "\\u0022" } }')
        with pytest.raises(QueryRejected, match="only under some readings"):
            query_kind(query, allow_service=True)
        with pytest.raises(QueryRejected):
            ep.select(query)
        assert srv.requests == []


def test_the_cli_refuses_hidden_service_before_opening_anything(tmp_path):
    with serving() as srv:
        for template in HIDDEN_SERVICE:
            result = CliRunner().invoke(main, ["sparql", "--store", str(tmp_path / "s"), template.format(url=srv.url)])
            assert result.exit_code == 1 and "SERVICE" in result.output, (template, result.output)
        assert srv.requests == []
    assert not (tmp_path / "s").exists()


def test_decisions_come_from_the_parser_not_from_words():
    assert query_kind("PREFIX ex: <http://x/> SELECT ?s { ?s ex:a.service ?o }") == "SELECT"
    assert query_kind("PREFIX service: <http://x/> ASK { ?s service:service ?o }") == "ASK"
    assert query_kind("SELECT ?s { ?s ?p 'add, copy, move, drop; service' }") == "SELECT"
    with pytest.raises(ReadOnlyViolation, match="INSERT DATA"):
        query_kind("\\u0069nsert data { <http://a> <http://b> <http://c> }")

"""The pieces of ``kgsparql serve`` that need no server: request fields, status codes, the missing
extra, loopback detection, and the SPARQL texts a call ran (``stats.watch_queries``)."""
from __future__ import annotations

import re
import sys

import pytest
from click.testing import CliRunner

from kgsparql.cli import main
from kgsparql.cli.serve import _is_loopback
from kgsparql.errors import (EndpointTimeout, EndpointUnavailable, InputError, KGSparqlError, LLMTimeout,
                             QueryRejected, ReadOnlyViolation)
from kgsparql.serve.body import BadRequest, parse_fields
from kgsparql.serve.hosts import allowed_hosts
from kgsparql.stats import collect, watch_queries
from kgtest import fixture_endpoint

pytest.importorskip("starlette", reason="the serve extra is not installed")
from kgsparql.serve.app import status_of  # noqa: E402


def test_fields_are_the_required_string_and_optional_strings():
    assert parse_fields(b'{"question": "q", "method": null}', "question", ("method", "id")) == \
        {"question": "q", "method": None, "id": None}
    for body, message in [(b'{"question": "q", "method": 3}', '"method" must be a string'),
                          (b'"q"', "expected a JSON object"), (b'{"claim": "c"}', "unknown field(s): claim")]:
        with pytest.raises(BadRequest, match=re.escape(message)) as err:
            parse_fields(body, "question", ("method",))
        assert err.value.status == 400 and isinstance(err.value, InputError)


@pytest.mark.parametrize("error, status", [
    (BadRequest("big", status=413), 413), (InputError("x"), 400), (ReadOnlyViolation("x"), 400),
    (QueryRejected("x"), 400), (EndpointTimeout("x"), 504), (LLMTimeout("x"), 504),
    (EndpointUnavailable("x"), 502), (KGSparqlError("x"), 500)])
def test_status_codes_follow_the_error_kind(error, status):
    assert status_of(error) == status


def test_serve_without_the_extra_says_how_to_get_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "uvicorn", None)
    result = CliRunner().invoke(main, ["serve"])
    assert result.exit_code == 1 and "pip install 'kgsparql[serve]'" in result.output
    assert len(result.output.strip().splitlines()) == 1


@pytest.mark.parametrize("host, loopback", [("127.0.0.1", True), ("::1", True), ("localhost", True),
                                            ("0.0.0.0", False), ("192.0.2.7", False), ("example.org", False)])
def test_loopback_hosts(host, loopback):
    assert _is_loopback(host) is loopback


def test_watch_queries_sees_every_query_text_in_order_cached_or_not():
    endpoint = fixture_endpoint("wikidata")
    first, second = "SELECT ?s WHERE { ?s ?p ?o } LIMIT 1", "ASK { ?s ?p ?o }"
    with collect(), watch_queries() as texts:
        endpoint.select(first)
        endpoint.ask(second)
    assert texts == [first, second]
    endpoint.select(first)                 # outside: nothing recorded
    assert texts == [first, second]


def test_allowed_hosts_are_the_loopback_names_plus_those_given():
    assert allowed_hosts(True) == {"localhost", "127.0.0.1", "::1"}
    assert allowed_hosts(True, ["KG.example.org", "[::2]"]) == {"localhost", "127.0.0.1", "::1", "kg.example.org", "::2"}
    assert allowed_hosts(False) is None and allowed_hosts(False, ["kg.example.org"]) == {"kg.example.org"}

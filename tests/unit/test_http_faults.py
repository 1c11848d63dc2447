"""HttpEndpoint against a scripted local HTTP server: timeouts, retries, Retry-After, bad answers,
GET/POST switching, User-Agent. Backoffs are tiny so the whole file runs in a few seconds."""
from __future__ import annotations

import email.utils
import json
import time
import types

import pytest

from kgsparql.endpoints.http import HttpEndpoint, parse_retry_after
from kgsparql.errors import (ConfigError, EndpointTimeout, EndpointUnavailable, MalformedResponse,
                             QueryRejected, RateLimited, ReadOnlyViolation)
from kgsparql.types import IRI, BlankNode, Literal

from faultserver import ROWS, FaultServer, Reply, serving

XSD = "http://www.w3.org/2001/XMLSchema#"
SELECT = "SELECT ?s WHERE { ?s ?p ?o }"


@pytest.fixture
def server():
    with serving() as srv:
        yield srv


def endpoint(srv: FaultServer, **kw) -> HttpEndpoint:
    return HttpEndpoint.open(srv.url, **{"retries": 2, "backoff": 0.01, "max_backoff": 0.05, "timeout": 5.0, **kw})


def fails(ep: HttpEndpoint, error: type, query: str = SELECT) -> str:
    with pytest.raises(error) as info:
        ep.select(query)
    assert "\n" not in str(info.value)
    return str(info.value)


def test_slow_server_times_out_without_retry(server):
    server.script = [Reply(delay=1.5)]
    t0 = time.monotonic()
    assert "0.2 s" in fails(endpoint(server, timeout=0.2), EndpointTimeout)
    assert time.monotonic() - t0 < 1.0 and len(server.requests) == 1


def test_500_then_success_is_retried(server):
    server.script = [Reply(500, b"boom"), Reply()]
    rows = endpoint(server).select(SELECT)
    assert [r["s"] for r in rows] == [IRI("http://x/a"), IRI("http://x/b")] and len(server.requests) == 2


@pytest.mark.parametrize("status", [500, 502, 503, 504])
def test_server_errors_give_up_after_all_attempts(server, status):
    server.script = [Reply(status, b"down")]
    message = fails(endpoint(server, retries=3), EndpointUnavailable)
    assert len(server.requests) == 4 and "after 4 attempts" in message and str(status) in message


def test_backoff_grows_exponentially(server, monkeypatch):
    """The waits asked for double each time, and the server sees requests at least that far apart
    (only a lower bound on the gaps: a busy machine may add time, never take it away)."""
    import kgsparql.endpoints.http as http

    waits = []
    clock = types.SimpleNamespace(**vars(time))     # the endpoint module's own view of time only
    clock.sleep = lambda seconds: (waits.append(seconds), time.sleep(seconds))[1]
    monkeypatch.setattr(http, "time", clock)
    server.script = [Reply(502, b"")]
    fails(endpoint(server, retries=3, backoff=0.1, max_backoff=1.0), EndpointUnavailable)
    assert waits == pytest.approx([0.1, 0.2, 0.4])
    gaps = [b["time"] - a["time"] for a, b in zip(server.requests, server.requests[1:])]
    assert len(gaps) == 3 and all(gap >= want for gap, want in zip(gaps, waits))


def test_429_with_retry_after_waits_then_succeeds(server):
    server.script = [Reply(429, b"slow down", {"Retry-After": "1"}), Reply()]
    t0 = time.monotonic()
    assert len(endpoint(server, max_backoff=5).select(SELECT)) == 2
    assert time.monotonic() - t0 >= 0.95 and len(server.requests) == 2


def test_retry_after_is_capped_by_max_backoff(server):
    server.script = [Reply(503, b"", {"Retry-After": "3600"}), Reply()]
    t0 = time.monotonic()
    assert len(endpoint(server, max_backoff=0.2).select(SELECT)) == 2
    assert time.monotonic() - t0 < 1.0


def test_429_forever_is_rate_limited(server):
    server.script = [Reply(429, b"", {"Retry-After": "0"})]
    assert "429" in fails(endpoint(server, retries=2), RateLimited)
    assert len(server.requests) == 3


def test_retry_after_forms():
    assert parse_retry_after("2") == 2.0 and parse_retry_after(None) is None
    assert parse_retry_after("not a date") is None and parse_retry_after("-5") == 0.0
    assert parse_retry_after(email.utils.formatdate(time.time() - 60, usegmt=True)) == 0.0
    later = email.utils.formatdate(time.time() + 30, usegmt=True)
    assert 25 <= parse_retry_after(later) <= 31


def test_400_is_rejected_without_retry(server):
    server.script = [Reply(400, b"Parse error: unexpected '}' at line 1")]
    message = fails(endpoint(server), QueryRejected)
    assert len(server.requests) == 1 and "unexpected '}'" in message


def test_virtuoso_query_error_500_is_rejected_without_retry(server):
    server.script = [Reply(500, b"Virtuoso 22007 Error Function rdf_strlang_impl needs a valid language ID")]
    assert "22007" in fails(endpoint(server), QueryRejected)
    assert len(server.requests) == 1


def test_html_page_with_200_is_malformed(server):
    server.script = [Reply(200, b"<html><body>Maintenance</body></html>", {"Content-Type": "text/html"})]
    assert "text/html" in fails(endpoint(server), MalformedResponse)
    assert len(server.requests) == 1


@pytest.mark.parametrize("reply", [Reply(body=json.dumps(ROWS).encode()[:40]),
                                   Reply(body=json.dumps(ROWS).encode()[:40], content_length=400),
                                   Reply(body=b'{"unrelated": 1}'),
                                   Reply(body=b'{"head": {}, "results": {"bindings": [{"s": 1}]}}')])
def test_truncated_or_foreign_json_is_malformed(server, reply):
    server.script = [reply]
    fails(endpoint(server), MalformedResponse)


def test_connection_refused_is_unavailable_after_retries(server):
    url = server.url
    server.shutdown()
    server.server_close()
    with pytest.raises(EndpointUnavailable, match="after 3 attempts"):
        HttpEndpoint.open(url, retries=2, backoff=0.01).select(SELECT)


def test_long_query_goes_by_post_short_by_get_with_default_graph(server):
    ep = endpoint(server, post_threshold=200, default_graph="urn:kgsparql:test:g")
    ep.select(SELECT)
    ep.select(SELECT.replace("WHERE", "WHERE { ?s ?p ?o } UNION" + " { ?s ?p ?o } UNION" * 20 + " "))
    assert [r["method"] for r in server.requests] == ["GET", "POST"]
    for request in server.requests:
        assert request["params"]["default-graph-uri"] == ["urn:kgsparql:test:g"]
        assert request["params"]["query"][0].startswith("SELECT ?s WHERE")


def test_parameters_in_the_url_are_kept(server):
    ep = HttpEndpoint.open(server.url + "?default-graph-uri=urn%3Ag&timeout=500")
    ep.select(SELECT)
    params = server.requests[0]["params"]
    assert ep.default_graph == "urn:g" and params["default-graph-uri"] == ["urn:g"] and params["timeout"] == ["500"]


def test_user_agent_always_names_the_project(server):
    endpoint(server).select(SELECT)
    endpoint(server, user_agent="my-lab-bot/2 (me@example.org)").select(SELECT)
    agents = [r["headers"]["User-Agent"] for r in server.requests]
    assert agents[0].startswith("kgsparql/") and agents[1].startswith("my-lab-bot/2") and "kgsparql" in agents[1]


def test_update_is_refused_before_sending(server):
    with pytest.raises(ReadOnlyViolation):
        endpoint(server).select("SELECT * WHERE { ?s ?p ?o } ; DROP ALL")
    assert server.requests == []


def test_virtuoso_style_terms_and_caps(server):
    b = {"x": {"type": "typed-literal", "datatype": XSD + "integer", "value": "42"},
         "y": {"type": "typed-literal", "datatype": XSD + "boolean", "value": "1"},
         "z": {"type": "literal", "datatype": XSD + "string", "value": "s"},
         "w": {"type": "literal", "xml:lang": "DE-at", "value": "Hallo"},
         "v": {"type": "bnode", "value": "nodeID://b10003"}}
    body = {"head": {"link": [], "vars": list(b)}, "results": {"bindings": [b] * 3}}
    server.script = [Reply(body=body, headers={"X-SPARQL-MaxRows": "3"}), Reply(body=body)]
    rows = endpoint(server).select(SELECT)
    assert rows.truncated and rows.variables == ["x", "y", "z", "w", "v"]
    assert rows[0] == {"x": Literal("42", XSD + "integer"), "y": Literal("true", XSD + "boolean"),
                       "z": Literal("s"), "w": Literal("Hallo", None, "de-at"), "v": BlankNode("nodeID://b10003")}
    capped = endpoint(server, max_rows=2).select(SELECT)
    assert len(capped) == 2 and capped.truncated


def test_ask(server):
    server.script = [Reply(body={"head": {"link": []}, "boolean": True}), Reply(body={"head": {}, "boolean": "x"})]
    assert endpoint(server).ask("ASK { ?s ?p ?o }") is True
    with pytest.raises(MalformedResponse):
        endpoint(server).ask("ASK { ?s ?p ?o }")


@pytest.mark.parametrize("kw", [{"location": "ftp://host/sparql"}, {"location": "localhost:7878/query"}, {"location": ""},
                                {"default_graph": "not an iri"}, {"timeout": 0}, {"retries": -1},
                                {"backoff": 2.0, "max_backoff": 1.0}, {"user_agent": "  "}])
def test_bad_arguments_are_config_errors(kw):
    with pytest.raises(ConfigError):
        HttpEndpoint.open(**{"location": "http://127.0.0.1:1/sparql", **kw})

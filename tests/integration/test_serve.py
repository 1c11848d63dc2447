"""``kgsparql serve`` as a real process (uvicorn, the bundled demo KG in embedded Oxigraph, real
MiniLM): the JSON API returns exactly the CLI's ``--json`` objects, runs typed SPARQL through the
read-only guard, refuses bad requests with JSON errors (400, 413), keeps the models loaded once
under concurrent requests, and stops cleanly on Ctrl-C."""
from __future__ import annotations

import http.client
import json
import socket
import urllib.parse
from concurrent.futures import ThreadPoolExecutor

import pytest
from click.testing import CliRunner

from kgsparql.cli import main
from kgsparql.config import Settings
from kgsparql.kg import ensure_demo_store
from faultserver import serving
from lookalikes import rows
from serveproc import ServeProcess, call

pytest.importorskip("uvicorn", reason="the serve extra is not installed")


@pytest.fixture(scope="module")
def store() -> str:
    return str(ensure_demo_store(Settings()))


@pytest.fixture(scope="module")
def server(tmp_path_factory, store):
    home = tmp_path_factory.mktemp("serve-home")
    with ServeProcess(home, "--store", store, env={"KGSPARQL_HOME": str(home)}) as srv:
        srv.home = home
        yield srv


def cli_json(*args: str, home) -> dict:
    result = CliRunner().invoke(main, [*args, "--json"], env={"KGSPARQL_HOME": str(home)}, catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def steady(obj: dict) -> dict:
    """The object with only the names of its stats: timings differ between two runs, and so do query
    counts (a process's first question reads what later ones find in memory or on disk)."""
    return {**obj, "stats": sorted(obj["stats"])}


def test_healthz_says_what_is_served(server):
    status, body, headers = call(server.url + "healthz")
    assert status == 200 and body["status"] == "ok" and body["endpoint"] == "embedded"
    assert "kelgop" in body["methods"] and body["method"] == "kelgop" and headers["content-type"] == "application/json"


def test_ask_returns_exactly_the_cli_json_object(server, store):
    status, body, _ = call(server.url + "v1/ask", {"question": "Who directed Kismet?"})
    assert status == 200 and body["answers"] == ["William Dieterle"]
    assert steady(body) == steady(cli_json("ask", "--store", store, "Who directed Kismet?", home=server.home))


def test_ask_takes_another_registered_method_and_refuses_an_unknown_one(server):
    status, body, _ = call(server.url + "v1/ask", {"question": "who directed [Kismet]", "method": "frag"})
    assert status == 200 and body["answers"] == ["William Dieterle"] and body["plan"]["route"] == "simple"
    status, body, _ = call(server.url + "v1/ask", {"question": "who directed [Kismet]", "method": "oracle"})
    assert status == 400 and "unknown method 'oracle'" in body["error"] and "kelgop" in body["error"]


def test_verify_returns_exactly_the_cli_json_object(server, store):
    claim = "Ang Lee didn't direct The Ice Storm."
    status, body, _ = call(server.url + "v1/verify", {"claim": claim})
    assert status == 200 and body["verdict"] == "false" and body["evidence"]
    assert steady(body) == steady(cli_json("verify", "--store", store, claim, home=server.home))


def test_sparql_runs_select_and_ask_through_the_read_only_guard(server):
    status, body, _ = call(server.url + "v1/sparql", {"query": "SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }"})
    assert status == 200 and body["head"]["vars"] == ["n"] and int(body["results"]["bindings"][0]["n"]["value"]) > 1000
    assert call(server.url + "v1/sparql", {"query": "ASK { ?s ?p ?o }"})[1] == {"boolean": True}
    refused = ["INSERT DATA { <urn:a> <urn:b> <urn:c> }", "DROP ALL",
               "SELECT * WHERE { SERVICE <http://127.0.0.1:9/> { ?s ?p ?o } }",
               "SELECT ?a { BIND(1 AS ?x) .SERVICE <http://127.0.0.1:9/> { ?p ?q ?a } }",
               "CONSTRUCT { ?s ?p ?o } WHERE { ?s ?p ?o }", "SELEKT nothing"]
    for query in refused:
        status, body, _ = call(server.url + "v1/sparql", {"query": query})
        assert status == 400 and body["error"], query


@pytest.mark.parametrize("raw, expected", [
    (b"{not json", "not valid JSON"), (b"[1, 2]", "expected a JSON object"), (b"\xff\xfe", "not valid JSON"),
    (b'{"question": 5}', '"question" must be given as a string'), (b"{}", '"question" must be given'),
    (b'{"question": "who?", "sql": "x"}', "unknown field(s): sql"), (b'{"question": "   "}', "the question is empty"),
    (json.dumps({"question": "x" * 2001}).encode(), "the limit is 2,000"),
    (json.dumps({"question": "who directed [" + "K" * 201 + "]"}).encode(), "the limit is 200"),
])
def test_bad_requests_are_400_with_one_json_error(server, raw, expected):
    status, body, headers = call(server.url + "v1/ask", raw)
    assert status == 400 and expected in body["error"] and list(body) == ["error"]
    assert headers["content-type"] == "application/json"


def test_a_body_over_one_megabyte_is_413_declared_or_streamed(server):
    """Refused from the declared length before the body is read, or once a chunked body grows past
    1 MB. The client stops sending where the server stops reading, so the answer is never lost."""
    parts = urllib.parse.urlsplit(server.url)
    declared = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
    declared.putrequest("POST", "/v1/verify")
    declared.putheader("Content-Length", str((1 << 20) + 1))
    declared.endheaders(b'{"claim": "')
    response = declared.getresponse()
    assert response.status == 413 and "1,048,576 bytes" in json.loads(response.read())["error"]
    declared.close()
    streamed = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
    streamed.putrequest("POST", "/v1/sparql")
    streamed.putheader("Transfer-Encoding", "chunked")
    streamed.endheaders()
    chunk = b"x" * 65536
    for _ in range(17):                                 # 1,114,112 bytes: just past the limit
        streamed.send(b"%x\r\n%s\r\n" % (len(chunk), chunk))
    response = streamed.getresponse()
    assert response.status == 413 and "error" in json.loads(response.read())
    streamed.close()


def test_unknown_routes_and_methods_answer_json(server):
    assert call(server.url + "v2/ask", {"question": "q"})[:2] == (404, {"error": "not found"})
    assert call(server.url + "v1/ask")[:2] == (405, {"error": "method not allowed"})


def test_concurrent_requests_share_the_models_loaded_once(server):
    questions = ["who directed [Kismet]", "who wrote [Kismet]", "what genre is [Kismet]",
                 "who acted in [Kismet]", "when was [Kismet] released", "who directed [The Ice Storm]"]
    call(server.url + "v1/ask", {"question": questions[0]})
    loaded = call(server.url + "healthz")[1]["models_loaded"]
    with ThreadPoolExecutor(6) as pool:
        replies = list(pool.map(lambda q: call(server.url + "v1/ask", {"question": q}), questions))
    assert all(status == 200 and body["question"] == q for (status, body, _), q in zip(replies, questions))
    assert replies[0][1]["answers"] == ["William Dieterle"] and replies[5][1]["answers"] == ["Ang Lee"]
    assert call(server.url + "healthz")[1]["models_loaded"] == loaded >= 1


def test_page_routes_add_the_sparql_that_ran(server):
    status, body, _ = call(server.url + "page/ask", {"question": "Who directed Kismet?"})
    assert status == 200 and body["result"]["answers"] == ["William Dieterle"]
    assert len(body["sparql"]) >= body["result"]["stats"]["sparql_queries"] > 0
    assert all(q.lstrip().split()[0].upper() in ("SELECT", "ASK", "PREFIX", "#") for q in body["sparql"])


def test_taken_port_is_one_line_and_exit_1(tmp_path, store):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        result = CliRunner().invoke(main, ["serve", "--store", store, "--port", str(port)])
    assert result.exit_code == 1 and result.output.startswith(f"error: cannot listen on 127.0.0.1:{port}")
    assert len(result.output.strip().splitlines()) == 1


def test_ctrl_c_stops_the_server_cleanly(tmp_path, store):
    with ServeProcess(tmp_path, "--store", store, env={"KGSPARQL_HOME": str(tmp_path)}) as srv:
        assert call(srv.url + "healthz")[0] == 200
        code = srv.stop()
    assert code == 0 and "Traceback" not in srv.stderr_path.read_text()


def test_foreign_host_names_and_cross_site_posts_are_refused(server):
    """DNS rebinding (an outside name resolved to 127.0.0.1) and a page elsewhere posting to the
    server get 403; the server's own page and curl (no Origin) do not."""
    status, body, _ = call(server.url + "healthz", headers={"Host": "attacker.example:8000"})
    assert status == 403 and "answers to 127.0.0.1, ::1, localhost only" in body["error"]
    status, body, _ = call(server.url + "v1/ask", {"question": "who directed [Kismet]"},
                           headers={"Origin": "http://attacker.example"})
    assert status == 403 and "cross-site" in body["error"]
    own = server.url.rstrip("/")
    assert call(server.url + "v1/ask", {"question": "who directed [Kismet]"}, headers={"Origin": own})[0] == 200
    localhost = server.url.replace("127.0.0.1", "localhost")
    assert call(localhost + "healthz")[0] == 200


def test_serve_takes_a_kg_preset_and_sends_its_user_agent(tmp_path):
    """``serve --kg wikidata`` against a loopback server answering like WDQS: the preset's adapter,
    the User-Agent with the contact setting, one request for one typed query."""
    with serving(script=[rows("wikidata")]) as wdqs, \
            ServeProcess(tmp_path, "--kg", "wikidata", "--endpoint", wdqs.url,
                         env={"KGSPARQL_HOME": str(tmp_path), "KGSPARQL_CONTACT": "ops@example.org"}) as srv:
        health = call(srv.url + "healthz")[1]
        status, body, _ = call(srv.url + "v1/sparql", {"query": "SELECT ?e ?v WHERE { ?e ?p ?v } LIMIT 2"})
    assert (health["endpoint"], health["adapter"]) == ("http", "wikidata")
    assert status == 200 and body["results"]["bindings"][0]["v"] == {"type": "literal", "value": "Douglas Adams",
                                                                      "xml:lang": "en"}
    assert len(wdqs.requests) == 1 and wdqs.requests[0]["headers"]["User-Agent"].endswith("contact: ops@example.org)")

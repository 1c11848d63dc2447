"""``--kg`` presets against loopback servers that answer like WDQS, DBpedia's Virtuoso and QLever
(tests/lookalikes.py): what each preset fills in, the User-Agent with its contact, the result
formats, each service's way of refusing a query or a client, and the cap on queries in flight.
The public hosts are never contacted: every test points the preset at a 127.0.0.1 server."""
from __future__ import annotations

import json
import threading
import time

import pytest
from click.testing import CliRunner

from faultserver import Reply, serving
from kgsparql.cli import main
from kgsparql.config import Settings
from kgsparql.errors import ConfigError, EndpointTimeout, RateLimited
from kgsparql.kg import KnowledgeGraph
from kgsparql.presets import PRESETS
from kgsparql.types import IRI, Literal
from lookalikes import SERVICES, bad_query, rows, throttled, time_limit

KGS = sorted(SERVICES)
SELECT = "SELECT ?e ?v WHERE { ?e ?p ?v } LIMIT 2"


def run_cli(*args: str, env: dict | None = None):
    return CliRunner().invoke(main, list(args), env={"KGSPARQL_CONTACT": None, **(env or {})})


def kg_on(srv, kg: str, tmp_path, **settings) -> KnowledgeGraph:
    base = Settings.load(flags={"kg": kg, "endpoint": srv.url, "home": str(tmp_path), "cache": "off", **settings},
                         env={})
    return KnowledgeGraph.from_settings(base.replace(plugins={"http": {**base.plugin("http"), "backoff": 0.05}}))


@pytest.mark.parametrize("kg", list(PRESETS))
def test_a_preset_fills_in_endpoint_adapter_and_etiquette(kg):
    preset, s = PRESETS[kg], Settings(kg=kg)
    assert (s.endpoint, s.adapter, s.timeout, s.default_graph) == (preset.endpoint, preset.adapter, preset.timeout,
                                                                  preset.default_graph)
    assert s.endpoint.startswith("https://") and dict(s.plugin("https")) == {
        "concurrency": preset.concurrency, "max_in_flight": preset.concurrency, "obey_retry_after": True}


def test_explicit_settings_win_over_the_preset():
    s = Settings.load(flags={"kg": "wikidata", "endpoint": "http://127.0.0.1:9/sparql", "timeout": 5.0,
                             "plugins": {"http": {"concurrency": 3}}}, env={})
    assert (s.endpoint, s.adapter, s.timeout) == ("http://127.0.0.1:9/sparql", "wikidata", 5.0)
    assert dict(s.plugin("http")) == {"concurrency": 3, "max_in_flight": 1, "obey_retry_after": True}
    assert Settings.load(flags={"kg": "dbpedia"}, env={"KGSPARQL_ADAPTER": "generic"}).adapter == "generic"
    assert Settings.load(flags={"kg": "dbpedia"}, env={}).replace(adapter="generic").adapter == "generic"


@pytest.mark.parametrize("bad, message", [({"kg": "yago"}, "kg must be one of wikidata"),
                                          ({"kg": "wikidata", "store": "S"}, "cannot be combined with a store"),
                                          ({"contact": "a\nb"}, "contact must be one printable line")])
def test_bad_preset_settings_are_one_line_config_errors(bad, message):
    with pytest.raises(ConfigError, match=message):
        Settings(**bad)


def test_cli_kg_flag_is_a_choice_and_usage_errors_exit_2():
    result = run_cli("sparql", "--kg", "yago", "ASK {}")
    assert result.exit_code == 2 and "'yago' is not one of" in result.output


@pytest.mark.parametrize("kg", KGS)
def test_results_in_the_service_format_become_terms(kg, tmp_path):
    with serving(script=[rows(kg)]) as srv, kg_on(srv, kg, tmp_path, contact="ops@example.org") as graph:
        got = graph.endpoint.select(SELECT)
    facts = SERVICES[kg]
    assert [r["e"] for r in got] == [IRI(facts["entity"])] * 2
    assert got[0]["v"] == Literal(facts["label"], lang="en")
    assert got[1]["v"] == Literal("1952-03-11", "http://www.w3.org/2001/XMLSchema#date")
    agent = srv.requests[0]["headers"]["User-Agent"]
    assert agent.startswith("kgsparql/") and agent.endswith("; contact: ops@example.org)")
    graphs = srv.requests[0]["params"].get("default-graph-uri")
    assert graphs == (["http://dbpedia.org"] if kg == "dbpedia" else None)


@pytest.mark.parametrize("kg", KGS)
def test_a_malformed_query_is_one_line_sent_once(kg, tmp_path):
    with serving(script=[bad_query(kg)]) as srv:
        result = run_cli("sparql", "--kg", kg, "--endpoint", srv.url, "SELECT ?e WHERE { ?e ?p ?v }",
                         env={"KGSPARQL_HOME": str(tmp_path)})
    assert result.exit_code == 1 and len(result.output.strip().splitlines()) == 1
    assert "refused the query" in result.output or "malformed" in result.output, result.output
    assert len(srv.requests) == 1


@pytest.mark.parametrize("kg", KGS)
def test_a_query_past_the_service_time_limit_is_not_retried(kg, tmp_path):
    with serving(script=[time_limit(kg)]) as srv, kg_on(srv, kg, tmp_path) as graph:
        if kg == "dbpedia":                         # Virtuoso's "anytime" answer: partial rows, marked cut
            assert graph.endpoint.select(SELECT).truncated
        else:
            with pytest.raises(EndpointTimeout, match="stopped the query at its time limit"):
                graph.endpoint.select(SELECT)
    assert len(srv.requests) == 1


@pytest.mark.parametrize("kg", KGS)
def test_retry_after_is_waited_for_when_short(kg, tmp_path):
    with serving(script=[throttled(kg, 1), rows(kg)]) as srv, kg_on(srv, kg, tmp_path) as graph:
        assert len(graph.endpoint.select(SELECT)) == 2
    first, second = srv.requests
    assert second["time"] - first["time"] >= 0.95


@pytest.mark.parametrize("kg", KGS)
def test_a_long_retry_after_is_never_cut_short(kg, tmp_path):
    with serving(script=[throttled(kg, 120), rows(kg)]) as srv, kg_on(srv, kg, tmp_path) as graph:
        t0 = time.monotonic()
        with pytest.raises(RateLimited, match="asks to wait 120 s before the next query"):
            graph.endpoint.select(SELECT)
    assert len(srv.requests) == 1 and time.monotonic() - t0 < 5


def test_a_429_without_retry_after_is_not_hammered(tmp_path):
    with serving(script=[Reply(429, b"slow down", {"Content-Type": "text/plain"}), rows("wikidata")]) as srv, \
            kg_on(srv, "wikidata", tmp_path) as graph:
        with pytest.raises(RateLimited):
            graph.endpoint.select(SELECT)
    assert len(srv.requests) == 1


@pytest.mark.parametrize("kg", KGS)
def test_queries_in_flight_stay_within_the_preset_concurrency(kg, tmp_path):
    slow = rows(kg)
    slow.delay = 0.3
    with serving(script=[slow]) as srv, kg_on(srv, kg, tmp_path) as graph:
        threads = [threading.Thread(target=graph.endpoint.select, args=(SELECT + f" OFFSET {i}",)) for i in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    starts = sorted(r["time"] for r in srv.requests)
    peak = max(sum(1 for s in starts if s <= t < s + 0.29) for t in starts)
    assert len(starts) == 4 and peak == PRESETS[kg].concurrency


def test_without_a_preset_nothing_caps_or_gives_up_early(tmp_path):
    with serving(script=[throttled("wikidata", 3600), rows("wikidata")]) as srv:
        ep = KnowledgeGraph.from_settings(Settings(endpoint=srv.url, home=str(tmp_path), cache="off",
                                                   plugins={"http": {"backoff": 0.01, "max_backoff": 0.05}})).endpoint
        assert len(ep.select(SELECT)) == 2 and ep._in_flight is None
        ep.close()
    assert json.loads(json.dumps(srv.requests[0]["params"]))["query"] == [SELECT]

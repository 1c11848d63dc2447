"""The load / sparql commands as a user runs them: JSON counts, updates refused with one line and a
non-zero exit, the store unchanged afterwards, errors without tracebacks."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from kgsparql.cli import main

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "kg" / "metaqa.txt"
COUNT = "SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }"


@pytest.fixture
def store(tmp_path) -> str:
    result = CliRunner().invoke(main, ["load", "--format", "metaqa", str(FIXTURE), "--store", str(tmp_path / "s")])
    assert result.exit_code == 0, result.output
    return str(tmp_path / "s")


def _count(store) -> int:
    result = CliRunner().invoke(main, ["sparql", "--store", store, "--json", COUNT])
    assert result.exit_code == 0, result.output
    return int(json.loads(result.output)["results"]["bindings"][0]["n"]["value"])


@pytest.mark.parametrize("update", ["DROP ALL", "CLEAR DEFAULT", "INSERT DATA { <http://x/a> <http://x/b> <http://x/c> }",
                                    "DELETE WHERE { ?s ?p ?o }", "SELECT * WHERE { ?s ?p ?o } ; DROP ALL",
                                    "LOAD <http://127.0.0.1:9/x.ttl>"])
def test_updates_are_refused_and_the_store_is_unchanged(store, update):
    before = _count(store)
    result = CliRunner().invoke(main, ["sparql", "--store", store, update])
    assert result.exit_code == 1
    lines = [ln for ln in result.output.splitlines() if ln.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: refused")
    assert _count(store) == before


def test_ask_query_and_text_output(store):
    result = CliRunner().invoke(main, ["sparql", "--store", store,
                                       'ASK { ?s <http://www.w3.org/2000/01/rdf-schema#label> "Kismet" }'])
    assert result.exit_code == 0 and result.output.strip() == "true"


def test_missing_store_and_bad_query_are_one_line_errors(tmp_path, store):
    for args in (["sparql", "--store", str(tmp_path / "nope"), COUNT], ["sparql", "--store", store, "SELECT ?x WHERE {"]):
        result = CliRunner().invoke(main, args)
        assert result.exit_code == 1
        assert len(result.output.strip().splitlines()) == 1 and "Traceback" not in result.output


def test_load_json_report(tmp_path):
    result = CliRunner().invoke(main, ["load", str(FIXTURE), "--store", str(tmp_path / "s"), "--json"])
    assert result.exit_code == 0
    report = json.loads(result.output)
    assert report["triples_read"] == sum(1 for ln in FIXTURE.read_text().splitlines() if ln.strip())
    assert report["store_triples"] > report["triples_read"]

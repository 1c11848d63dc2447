"""Round 2, holes 6 and 7: every ``--json`` line is strict JSON (no NaN or Infinity: an input id of
``1e999`` is a row error), and plain ``sparql`` output cannot be forged by KG data (tabs, line
breaks and control sequences in values are escaped; ``--json`` keeps them exact)."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from kgsparql.cli import main
from kgsparql.cli.flags import emit_json


def _strict(line: str):
    def refuse(name):
        raise AssertionError(f"not strict JSON: {name}")
    return json.loads(line, parse_constant=refuse)


@pytest.mark.parametrize("number", ["1e999", "NaN"])
def test_a_non_finite_id_is_a_row_error_and_output_stays_strict(tmp_path, number):
    batch = tmp_path / "q.jsonl"
    batch.write_text(f'{{"id": {number}, "question": "who directed [Kismet]"}}\n'
                     '{"id": "ok", "question": "who directed [Kismet]"}\n')
    result = CliRunner().invoke(main, ["ask", "--json", "--input", str(batch)],
                                env={"KGSPARQL_HOME": str(tmp_path / "home"), "KGSPARQL_CONFIG": ""})
    rows = [_strict(line) for line in result.stdout.splitlines() if line.strip()]
    assert result.exit_code == 0 and len(rows) == 2, result.output
    assert rows[0]["id"] is None and "not finite" in rows[0]["error"] and rows[1]["id"] == "ok"


def test_emit_json_writes_non_finite_numbers_as_strings(capsys):
    emit_json({"a": float("inf"), "b": [float("nan"), 1.5], "c": {"d": float("-inf")}})
    assert _strict(capsys.readouterr().out) == {"a": "inf", "b": ["nan", 1.5], "c": {"d": "-inf"}}


FORGED = 'SELECT ?a ?b { BIND("x\\tforged\\nfake\\trow\\u001B[2J\\u0085\\\\" AS ?a) BIND("b" AS ?b) }'


def test_plain_output_escapes_what_could_forge_rows_or_reach_the_terminal(tmp_path):
    env = {"KGSPARQL_HOME": str(tmp_path / "home"), "KGSPARQL_CONFIG": ""}
    result = CliRunner().invoke(main, ["sparql", FORGED], env=env)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines == ["a\tb", "x\\tforged\\nfake\\trow\\x1b[2J\\x85\\\\\tb"], lines
    assert "\x1b" not in result.stdout and "\x85" not in result.stdout
    exact = json.loads(CliRunner().invoke(main, ["sparql", "--json", FORGED], env=env).stdout)
    assert exact["results"]["bindings"][0]["a"]["value"] == "x\tforged\nfake\trow\x1b[2J\x85\\"

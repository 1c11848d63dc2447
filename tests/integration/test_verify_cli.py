"""``kgsparql verify`` end to end on the demo KG with --llm none: text, --json, a batch with bad rows,
exit codes, one-line errors (real store, real linker, real MiniLM)."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest
from click.testing import CliRunner

from kgsparql.cli import main as cli_main


def _run(*args, input=None):
    return CliRunner().invoke(cli_main, ["verify", *args], input=input)


def test_text_output_is_a_verdict_line_with_evidence_under_it():
    result = _run("Kismet was directed by William Dieterle.")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "TRUE: Kismet was directed by William Dieterle."
    assert lines[1].strip() == "supports: Kismet —directed by→ William Dieterle"
    assert "SPARQL queries" in lines[-1]


def test_json_shape():
    result = _run("Kismet was written by William Dieterle.", "--json")
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    assert set(out) >= {"id", "claim", "verdict", "evidence", "explanation", "stats"}
    assert out["verdict"] == "false"
    assert out["evidence"] and all(set(e) == {"path", "supports"} for e in out["evidence"])
    assert all(len(hop) == 3 for e in out["evidence"] for hop in e["path"])
    assert out["evidence"][0]["supports"] is False          # Kismet's writer is someone else
    assert out["stats"]["sparql_queries"] > 0 and out["stats"]["llm_calls"] == 0


def test_negation_flips_and_unknown_entities_give_not_enough_info():
    neg = json.loads(_run("Kismet wasn't directed by William Dieterle.", "--json").output)
    assert neg["verdict"] == "false"
    nei = json.loads(_run("Zorblax Quintavex was written by Quentin Tarantino.", "--json").output)
    assert nei["verdict"] == "not_enough_info"


def test_batch_goes_on_past_bad_rows(tmp_path):
    batch = tmp_path / "claims.jsonl"
    batch.write_text("\n".join([
        json.dumps({"id": "ok", "claim": "Kismet was directed by William Dieterle."}),
        json.dumps({"id": "no-claim", "question": "who directed Kismet"}),
        "{not json",
        json.dumps({"id": "empty", "claim": "  "}),
        json.dumps({"id": "neg", "claim": "Kismet was not released in 1944."}),
    ]) + "\n", encoding="utf-8")
    result = _run("--input", str(batch), "--json")
    assert result.exit_code == 0, result.output
    rows = [json.loads(line) for line in result.output.splitlines()]
    assert [r.get("id") for r in rows] == ["ok", "no-claim", None, "empty", "neg"]
    assert rows[0]["verdict"] == "true" and rows[4]["verdict"] == "false"
    assert "claim" in rows[1]["error"] and "not valid JSON" in rows[2]["error"] and "empty" in rows[3]["error"]


def test_a_batch_where_every_row_fails_exits_1(tmp_path):
    batch = tmp_path / "bad.jsonl"
    batch.write_text('{"id": 1}\nnope\n', encoding="utf-8")
    result = _run("--input", str(batch))
    assert result.exit_code == 1


@pytest.mark.parametrize("args, code, text", [
    ((), 1, "give either a CLAIM or --input"),
    (("x", "--verifier", "nope"), 1, "unknown verifier 'nope'"),
    (("x", "--verifier", "refkg", "--method", "frag"), 1, "disagree"),
    (("--input", "/no/such/file.jsonl"), 1, "no such file"),
    (("",), 1, "give either"),
])
def test_user_errors_are_one_line(args, code, text):
    proc = subprocess.run([sys.executable, "-m", "kgsparql", "verify", *args], capture_output=True, text=True)
    assert proc.returncode == code
    assert text in proc.stderr and len(proc.stderr.strip().splitlines()) == 1
    assert "Traceback" not in proc.stderr


def test_a_method_option_of_refkg_does_not_break_verify_and_verifier_picks_the_verifier(tmp_path):
    config = tmp_path / "kgsparql.toml"
    config.write_text("[methods.refkg]\nalpha = 0.2\n\n[verifiers.refkg]\nmax_hops = 2\n", encoding="utf-8")
    for flag in ("--verifier", "--method"):      # --method: the hidden old spelling
        result = _run("Kismet was directed by William Dieterle.", flag, "refkg", "--config", str(config), "--json")
        assert result.exit_code == 0, result.output
        assert json.loads(result.output)["verdict"] == "true"


def test_the_old_shared_refkg_table_is_refused_in_one_line(tmp_path):
    config = tmp_path / "kgsparql.toml"
    config.write_text("[plugins.refkg]\nalpha = 0.2\n", encoding="utf-8")
    proc = subprocess.run([sys.executable, "-m", "kgsparql", "verify", "Kismet was directed by William Dieterle.",
                           "--config", str(config)], capture_output=True, text=True)
    assert proc.returncode == 1 and len(proc.stderr.strip().splitlines()) == 1
    assert "[methods.refkg] or [verifiers.refkg]" in proc.stderr

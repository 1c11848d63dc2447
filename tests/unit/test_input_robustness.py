"""Issue 11 (part A): user input that used to be altered, kill a batch, or be reported as an internal
error. Every case goes through the real components (embedded stores, the CLI as a user runs it)."""
from __future__ import annotations

import json
from pathlib import Path

import pyoxigraph
import pytest
from click.testing import CliRunner

from kgsparql.cli import main
from kgsparql.endpoints import EmbeddedEndpoint
from kgsparql.sparql import QueryTemplate, load_query
from kgsparql.types import Literal

RDFS_LABEL = "http://www.w3.org/2000/01/rdf-schema#label"
FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "kg" / "metaqa.txt"


def _one_line_error(result, code: int = 1) -> str:
    assert result.exit_code == code, result.output
    lines = [ln for ln in result.output.splitlines() if ln.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: "), result.output
    return lines[0]


# --- item 9: the LIMIT is set on the template, never on bound user text ----------------------------
def test_limit_is_set_before_values_are_bound():
    tpl = QueryTemplate("t", "SELECT ?x WHERE { VALUES ?x { } } LIMIT 10")
    text = tpl.render({"x": [Literal("Kismet LIMIT 1000000")]}, limit=20)
    assert '"Kismet LIMIT 1000000"' in text and text.rstrip().endswith("LIMIT 20")


def test_bound_literal_round_trips_through_a_store():
    label = "Kismet LIMIT 1000000"
    store = pyoxigraph.Store()
    store.add(pyoxigraph.Quad(pyoxigraph.NamedNode("http://x/k"), pyoxigraph.NamedNode(RDFS_LABEL),
                              pyoxigraph.Literal(label)))
    with EmbeddedEndpoint.open(store=store) as ep:
        rows = ep.select(load_query("generic", "lookup").render({"label": [Literal(label)]}, limit=5))
    assert [r["label"] for r in rows] == [Literal(label)]


# --- item 10: sparql refuses what it cannot run with an accurate message ---------------------------
@pytest.mark.parametrize("query,kind", [("CONSTRUCT WHERE { ?s ?p ?o }", "CONSTRUCT"),
                                        ("DESCRIBE <http://x/a>", "DESCRIBE")])
def test_sparql_names_the_forms_it_runs(query, kind):
    line = _one_line_error(CliRunner().invoke(main, ["sparql", query]))
    assert "SELECT and ASK" in line and kind in line and "allowed" not in line


def test_update_refusal_does_not_claim_construct_is_run():
    line = _one_line_error(CliRunner().invoke(main, ["sparql", "DROP ALL"]))
    assert line.startswith("error: refused") and "DROP" in line and "CONSTRUCT" not in line


@pytest.mark.parametrize("line,name", [('timeout = "abc"', "timeout"), ("max_rows = 2.5", "max_rows"),
                                       ("store = 3", "store"), ("max_question_chars = 0", "max_question_chars")])
def test_ill_typed_config_is_a_one_line_config_error(tmp_path, line, name):
    config = tmp_path / "c.toml"
    config.write_text(line + "\n")
    line = _one_line_error(CliRunner().invoke(main, ["sparql", "--config", str(config), "ASK {}"]))
    assert name in line and "internal" not in line


# --- item 10: a corrupt or truncated gzip is a user error and leaves no store behind ---------------
def _truncated_gzip(tmp_path, name: str, text: str) -> Path:
    import gzip

    whole = gzip.compress(text.encode() * 200)
    path = tmp_path / name
    path.write_bytes(whole[: len(whole) // 2])
    return path


@pytest.mark.parametrize("name,fmt", [("kb.txt.gz", "metaqa"), ("kb.nt.gz", "nt")])
def test_truncated_gzip_is_refused_and_leaves_nothing(tmp_path, name, fmt):
    line = "Kismet|directed_by|William Dieterle\n" if fmt == "metaqa" else "<http://x/a> <http://x/b> <http://x/c> .\n"
    bad = _truncated_gzip(tmp_path, name, line)
    result = CliRunner().invoke(main, ["load", "--format", fmt, str(bad), "--store", str(tmp_path / "s")])
    assert "gzip" in _one_line_error(result)
    assert not (tmp_path / "s").exists()


def test_failed_load_keeps_the_previous_store(tmp_path):
    store = str(tmp_path / "s")
    assert CliRunner().invoke(main, ["load", "--format", "metaqa", str(FIXTURE), "--store", store]).exit_code == 0
    count = ["sparql", "--store", store, "--json", "SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }"]
    before = CliRunner().invoke(main, count).output
    half = tmp_path / "half.nt"
    half.write_text("<http://x/a> <http://x/b> <http://x/c> .\n" * 50 + "<http://x/a> broken\n")
    for bad in (_truncated_gzip(tmp_path, "kb.txt.gz", "A|r|B\n"), half):
        _one_line_error(CliRunner().invoke(main, ["load", str(bad), "--store", store]))
    assert CliRunner().invoke(main, count).output == before


# --- item 1: every input line is decoded on its own; one bad line is one error row -----------------
def _batch(data: bytes) -> list[dict]:
    import io

    from kgsparql.cli.batch import read_batch

    return list(read_batch(io.BytesIO(data)))


def test_bom_invalid_utf8_and_bad_json_cost_only_their_own_line():
    data = (b'\xef\xbb\xbf{"id": "1", "question": "who directed [Kismet]"}\n'
            b'{"id": "2", "question": "who directed \xff\xfe [Kismet]"}\n\n'
            b'not json\n{"id": "4", "question": "what did [Kismet] star"}\n')
    rows = _batch(data)
    assert [r.get("id") for r in rows] == ["1", "2", None, "4"]
    assert rows[0]["question"] == "who directed [Kismet]" and rows[3]["question"] == "what did [Kismet] star"
    assert "UTF-8" in rows[1]["error"] and "line 2" in rows[1]["error"]
    assert "line 4" in rows[2]["error"] and "JSON" in rows[2]["error"]


def test_an_over_long_line_is_skipped_unread(monkeypatch):
    from kgsparql.cli import batch

    monkeypatch.setattr(batch, "MAX_LINE_BYTES", 100)
    rows = _batch(b'{"id": "1", "question": "' + b"a" * 500 + b'"}\n{"id": "2", "question": "ok"}\n')
    assert "longer than" in rows[0]["error"] and rows[1] == {"id": "2", "question": "ok"}


@pytest.mark.parametrize("question,message", [
    ("who directed \ud800", "lone surrogate"), ("a" * 2_001, "2,001 characters"),
    ("who directed [" + "K" * 201 + "]", "entity mention"), ("   ", "empty")])
def test_unusable_questions_are_refused_before_any_work(question, message):
    from kgsparql.api import check_question
    from kgsparql.errors import InputError

    with pytest.raises(InputError, match=message):
        check_question(question, 2_000)
    check_question("who directed [" + "K" * 200 + "] " + "x" * (2_000 - 217), 2_000)


def test_question_limit_is_a_setting():
    from kgsparql.config import Settings

    line = _one_line_error(CliRunner().invoke(main, ["ask", "who directed [Kismet] " + "x" * 30],
                                              env={"KGSPARQL_MAX_QUESTION_CHARS": "20"}))
    assert "limit is 20" in line
    assert Settings.load(env={"KGSPARQL_MAX_QUESTION_CHARS": "20"}).max_question_chars == 20


@pytest.mark.parametrize("where", ["missing", "directory"])
def test_unreadable_input_is_a_user_error(tmp_path, where):
    path = tmp_path / "nope.jsonl" if where == "missing" else tmp_path
    line = _one_line_error(CliRunner().invoke(main, ["ask", "--input", str(path)]))
    assert str(path) in line


@pytest.fixture(scope="module")
def store(tmp_path_factory) -> str:
    from kgsparql.loading import load_files

    path = tmp_path_factory.mktemp("kg") / "s"
    load_files([FIXTURE], path, "metaqa")
    return str(path)


def test_batch_yields_one_row_per_input_row_in_order(store):
    data = (b'\xef\xbb\xbf{"id": "1", "question": "who directed [Kismet]"}\n'
            b'{"id": "2", "question": "who directed \\ud800"}\n'
            b'{"id": "3", "question": "who directed \xff [Kismet]"}\n'
            b'{"id": "4", "question": "who directed [Kismet]"}\n')
    result = CliRunner().invoke(main, ["ask", "--store", store, "--input", "-", "--json"], input=data)
    assert result.exit_code == 0, result.output
    rows = [json.loads(line) for line in result.output.splitlines()]
    assert [r["id"] for r in rows] == ["1", "2", "3", "4"]
    assert rows[0]["answers"] == rows[3]["answers"] == ["William Dieterle"]
    assert "surrogate" in rows[1]["error"] and "UTF-8" in rows[2]["error"]


def test_batch_exits_1_when_every_row_failed(store):
    data = b'{"id": "1", "question": "who directed \\ud800"}\nnot json\n'
    result = CliRunner().invoke(main, ["ask", "--store", store, "--input", "-", "--json"], input=data)
    assert result.exit_code == 1
    assert result.output.splitlines()[-1] == "error: all 2 question(s) failed"
    assert [json.loads(line)["id"] for line in result.output.splitlines()[:-1]] == ["1", None]


# --- item 6: one writer per eval results file ------------------------------------------------------
_HOLD = ("import sys; from kgsparql.eval.results import ResultsFile; r = ResultsFile(sys.argv[1]); "
         "print('locked', flush=True); sys.stdin.read(); r.close()")


def test_a_second_eval_on_the_same_out_file_is_refused(tmp_path):
    import os
    import subprocess
    import sys

    out = tmp_path / "runs" / "results.jsonl"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    holder = subprocess.Popen([sys.executable, "-c", _HOLD, str(out)], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True, env=env)
    try:
        assert holder.stdout.readline().strip() == "locked"
        for extra in ([], ["--overwrite"], ["--resume"]):
            result = CliRunner().invoke(main, ["eval", "metaqa", "--out", str(out), "--quiet", *extra])
            assert "in use by another kgsparql eval run" in _one_line_error(result)
    finally:
        holder.communicate("", timeout=30)
    assert holder.returncode == 0
    assert not out.exists(), "the holder wrote nothing, so it leaves no empty results file behind"

    from kgsparql.eval.results import ResultsFile

    with ResultsFile(out) as first:         # free again; a second writer in another process is refused
        first.append({"id": "q1", "gold": [], "answers": [], "hits1": 0, "hit_any": 0, "f1": 0.0})
        probe = subprocess.run([sys.executable, "-c", _HOLD, str(out)], input="", capture_output=True,
                               text=True, env=env)
        assert probe.returncode != 0 and "in use" in probe.stderr
    assert out.read_text().count("\n") == 1


def test_a_bug_in_one_row_costs_only_that_row_and_exits_3(capsys):
    from kgsparql import Asker, Settings
    from kgsparql.cli.ask import _print_readable
    from kgsparql.cli.batch import write_rows
    from kgsparql.types import Answer

    class Brittle:
        name = "brittle"

        def answer(self, question, *, id=None):
            if "boom" in question:
                raise ZeroDivisionError("division by zero")
            return Answer(question, ("ok",), id=id)

    with Asker(Settings(llm="none"), method=Brittle()) as asker:
        rows = list(asker.ask_many([{"id": "1", "question": "fine"}, {"id": "2", "question": "boom"},
                                    {"id": "3", "question": "fine too"}]))
        assert [r["id"] for r in rows] == ["1", "2", "3"]
        assert rows[1]["internal"] is True and "ZeroDivisionError" in rows[1]["error"]
        assert rows[0]["answers"] == ["ok"] and rows[2]["answers"] == ["ok"]
        with pytest.raises(RuntimeError, match="1 of 3"):
            write_rows(asker.ask_many([{"id": "a", "question": "boom"}, {"id": "b", "question": "x"},
                                       {"id": "c", "question": "y"}]), True, _print_readable, "question")
    assert len(capsys.readouterr().out.strip().splitlines()) == 3


def test_a_reader_that_goes_away_stops_the_cli_quietly():
    """``kgsparql ... | head``: once the reader has closed the pipe, a write fails with EPIPE; the CLI
    stops with 141 (as a process killed by SIGPIPE) and no 'internal error' or traceback."""
    import os
    import subprocess
    import sys

    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    child = subprocess.Popen([sys.executable, "-m", "kgsparql", "methods"], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, env=env)
    child.stdout.close()                # the reader is gone before the child writes anything
    err = child.stderr.read().decode()
    child.stderr.close()
    assert child.wait(timeout=60) == 141, err
    assert "internal error" not in err and "Traceback" not in err, err

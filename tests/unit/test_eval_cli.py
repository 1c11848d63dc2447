"""``kgsparql eval`` through click's CliRunner: bad input is one line and a non-zero exit, results
files are protected, and a whole run works end to end with a test-local Asker."""
import gzip
import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner

import kgsparql.api
from kgsparql.cli import main
from kgsparql.types import Answer

ROW = {"id": "x-1", "question": "q", "gold": ["a"], "answers": ["a"], "hits1": True, "hit_any": True,
       "f1": 1.0, "em": True, "hops": 1, "qtype": "t", "stats": {"seconds": 0.25, "sparql_queries": 3}}


@pytest.fixture
def data(tmp_path):
    d = tmp_path / "data" / "metaqa"
    for h in (1, 2, 3):
        (d / f"{h}-hop" / "vanilla").mkdir(parents=True)
        (d / f"{h}-hop" / "vanilla" / "qa_test.txt").write_text(
            "who directed [Kismet]\tWilliam Dieterle\nwho starred in [Kismet]\tMarlene Dietrich|Ronald Colman\n"
            "who directed [Nowhere]\tNobody\n")
        (d / f"{h}-hop" / "qa_test_qtype.txt").write_text("movie_to_director\nmovie_to_actor\nmovie_to_director\n")
    with gzip.open(d / "kb_dedup.txt.gz", "wt") as fh:
        fh.write("Kismet|directed_by|William Dieterle\nKismet|starred_actors|Marlene Dietrich\n")
    return tmp_path / "data"


@pytest.fixture
def env(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return {"KGSPARQL_HOME": str(tmp_path / "home"), "KGSPARQL_DATA_DIR": "", "KGSPARQL_CONFIG": ""}


def _run(args, env):
    return CliRunner().invoke(main, ["eval", *args], env=env)


def _one_line_error(result, code=1):
    assert result.exit_code == code, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    return lines[0]


@pytest.mark.parametrize("args, message", [
    (["freebase-qa"], "unknown dataset 'freebase-qa'"),
    (["mine.jsonl"], "give --store DIR or --endpoint URL"),
    (["mine.jsonl", "--store", "S"], "no such questions file: mine.jsonl"),
    ([], "give a DATASET"),
    (["metaqa", "--data-dir", "/no/such/dir"], "not found"),
    (["metaqa"], "no benchmark data directory"),
    (["metaqa", "--resume"], "--resume needs --out"),
    (["--summary-only", "nope.jsonl"], "cannot read results file"),
])
def test_bad_input_is_one_line(env, args, message):
    assert message in _one_line_error(_run(args, env))


@pytest.mark.parametrize("extra, message", [
    (["--hops", "x"], "--hops"), (["--limit", "0"], "--limit"), (["--variant", "PQL"], "no variant"),
    (["--store", "s", "--endpoint", "http://x"], "either"),
])
def test_bad_selection_is_one_line(env, data, extra, message):
    assert message in _one_line_error(_run(["metaqa", "--data-dir", str(data), *extra], env))


def test_several_kbs_with_one_store_are_refused(env):
    real = Path(os.environ.get("KGSPARQL_DATA_DIR") or Path(__file__).resolve().parents[3] / "shared" / "data")
    if not (real / "pathquestion").is_dir():
        pytest.skip("no PathQuestion data")
    assert "several KBs" in _one_line_error(_run(["pathquestion", "--data-dir", str(real), "--store", "s"], env))


def test_bad_split_is_a_usage_error(env):
    assert _run(["metaqa", "--split", "nope"], env).exit_code == 2


def test_existing_results_are_protected(env, data, tmp_path):
    out = tmp_path / "r.jsonl"
    out.write_text("precious\n")
    assert "--overwrite" in _one_line_error(_run(["metaqa", "--data-dir", str(data), "--out", str(out)], env))
    assert "not valid JSON" in _one_line_error(_run(["metaqa", "--data-dir", str(data), "--out", str(out),
                                                     "--resume"], env))
    assert out.read_text() == "precious\n"


def test_summary_only(env, tmp_path):
    f = tmp_path / "r.jsonl"
    f.write_text(json.dumps(ROW) + "\n" + json.dumps({**ROW, "id": "x-2", "hits1": False, "hops": 2}) + "\n")
    result = _run(["--summary-only", str(f), "--json"], env)
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["overall"]["n"] == 2 and summary["overall"]["hits1"] == 0.5
    assert summary["by_hops"]["2"]["hits1"] == 0.0 and summary["overall"]["sparql_queries_mean"] == 3.0
    table = _run(["--summary-only", str(f), "--by-qtype"], env)
    assert table.exit_code == 0 and "Hits@1" in table.stdout and "2-hop" in table.stdout and "\nt " in table.stdout
    assert "no DATASET" in _one_line_error(_run(["metaqa", "--summary-only", str(f)], env))


class FakeAsker:
    """Stands in for kgsparql.api.Asker: answers from a dict, records the store it was given."""

    stores = []

    def __init__(self, settings, llm=None, models=None):
        self.stores.append(settings.store)

    def ask(self, question, id=None):
        if "Nowhere" in question:
            from kgsparql.errors import LinkingError
            raise LinkingError("no entity")
        answer = "William Dieterle" if "directed" in question else "Marlene Dietrich"
        return Answer(question, (answer,), stats={"seconds": 0.1, "sparql_queries": 2}, id=id)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        pass


def test_a_whole_run_builds_the_store_once_and_resumes(env, data, tmp_path, monkeypatch):
    monkeypatch.setattr(kgsparql.api, "Asker", FakeAsker)
    monkeypatch.setattr(FakeAsker, "stores", [])
    out = tmp_path / "r.jsonl"
    args = ["metaqa", "--data-dir", str(data), "--out", str(out), "--no-brackets", "--json", "--quiet"]
    result = _run(args, env)
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["overall"]["n"] == 9 and summary["overall"]["errors"] == 3
    assert summary["by_hops"]["1"]["hit_any"] == pytest.approx(2 / 3, abs=1e-4)
    rows = [json.loads(ln) for ln in out.read_text().splitlines()]
    assert rows[0]["id"] == "metaqa-1hop-test-00001" and rows[0]["question"] == "who directed Kismet"
    assert len(FakeAsker.stores) == 1 and FakeAsker.stores[0].endswith("stores/metaqa")
    again = _run([*args[:-2], "--resume", "--hops", "1", "--limit", "2", "--json"], env)
    assert again.exit_code == 0 and json.loads(again.stdout)["overall"]["n"] == 2
    assert "not in this selection" in again.stderr
    assert len(FakeAsker.stores) == 1 and len(out.read_text().splitlines()) == 9

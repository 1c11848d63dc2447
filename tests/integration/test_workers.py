"""Batch evaluation with N workers (threads sharing one method): rows in input order, error rows in
place, an interrupted run resumable, the same rows as one worker; ``ask --input --workers`` alike."""
from __future__ import annotations

import json
import re
import threading
from pathlib import Path

import pytest
from click.testing import CliRunner

from kgsparql.cli import main
from kgsparql.endpoints.embedded import EmbeddedEndpoint
from kgsparql.errors import LinkingError
from kgsparql.eval.items import Item
from kgsparql.eval.runner import Runner
from kgsparql.loading import load_files
from kgsparql.types import Answer

BASE = "https://kgsparql.example/"
FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "kg" / "metaqa.txt"
QUERY = """PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
SELECT ?name WHERE { ?s rdfs:label "%s" . ?s <%sr/%s> ?o . ?o rdfs:label ?name } ORDER BY ?name"""
FILMS = ["Kismet", "The Green Mile", "Mr. Holland's Opus", "Kismet", "The Green Mile", "Mr. Holland's Opus"]


class SlowFirst:
    """Answers ``what is the <relation> of [<entity>]`` with one query; with ``parallel`` the first
    question of every pair waits until the second has finished, so workers finish out of order."""

    def __init__(self, endpoint, kill_on=None, parallel=True):
        self.endpoint, self.kill_on, self.parallel = endpoint, kill_on, parallel
        self.finished: dict[str, threading.Event] = {}
        self.seen, self.lock = [], threading.Lock()

    def answer(self, question, *, id=None):
        with self.lock:
            self.seen.append(id)
        n = int(id.split("-")[1])
        if n % 2 == 1 and self.parallel:
            assert self.finished.setdefault(f"q-{n + 1}", threading.Event()).wait(10)
        try:
            if id == self.kill_on:
                raise KeyboardInterrupt
            m = re.fullmatch(r"what is the (\w+) of \[(.+)\]", question)
            if not m:
                raise LinkingError("no topic entity in the question")
            rows = self.endpoint.select(QUERY % (m.group(2).replace('"', ''), BASE, m.group(1)))
            return Answer(question, tuple(str(r["name"]) for r in rows), id=id)
        finally:
            self.finished.setdefault(id, threading.Event()).set()


def _items():
    items = [Item(f"q-{i}", f"what is the directed_by of [{film}]", ["?"], 1, "t", film)
             for i, film in enumerate(FILMS, 1)]
    items[3] = Item("q-4", "who made it", ["?"], 1, "t", None)       # an error row, in the middle
    return items


@pytest.fixture(scope="module")
def endpoint(tmp_path_factory):
    d = tmp_path_factory.mktemp("kb")
    load_files([FIXTURE], d / "store", "metaqa", BASE)
    ep = EmbeddedEndpoint.open(d / "store")
    yield ep
    ep.close()


def _rows(path):
    return [json.loads(line) for line in path.read_text().splitlines()]


def _strip(rows):
    return [{k: v for k, v in r.items() if k != "stats"} for r in rows]


def test_two_workers_write_rows_in_input_order_with_errors_in_place(endpoint, tmp_path):
    with Runner(tmp_path / "one.jsonl", quiet=True) as runner:
        runner.run(_items(), SlowFirst(endpoint, parallel=False))
    with Runner(tmp_path / "two.jsonl", quiet=True) as runner:
        assert runner.run(_items(), SlowFirst(endpoint), workers=2) == 6
    one, two = _rows(tmp_path / "one.jsonl"), _rows(tmp_path / "two.jsonl")
    assert [r["id"] for r in two] == [f"q-{i}" for i in range(1, 7)]
    assert two[3]["error"] == "no topic entity in the question" and "error" not in two[2]
    assert two[0]["answers"] == ["William Dieterle"]
    assert _strip(two) == _strip(one)


def test_an_interrupted_run_with_workers_resumes_to_the_full_file(endpoint, tmp_path):
    out = tmp_path / "r.jsonl"
    with pytest.raises(KeyboardInterrupt):
        with Runner(out, quiet=True) as runner:
            runner.run(_items(), SlowFirst(endpoint, kill_on="q-3"), workers=2)
    assert [r["id"] for r in _rows(out)] == ["q-1", "q-2"]          # a prefix: nothing after the kill
    method = SlowFirst(endpoint)
    with Runner(out, resume=True, quiet=True) as runner:
        assert runner.run(_items(), method, workers=2) == 4
    assert sorted(method.seen) == ["q-3", "q-4", "q-5", "q-6"]
    with Runner(tmp_path / "full.jsonl", quiet=True) as runner:
        runner.run(_items(), SlowFirst(endpoint, parallel=False))
    assert _strip(_rows(out)) == _strip(_rows(tmp_path / "full.jsonl"))


def test_ask_input_with_two_workers_keeps_input_order(tmp_path):
    store = tmp_path / "s"
    load_files([FIXTURE], store, "metaqa")
    lines = [{"id": str(i), "question": f"who directed [{film}]"} for i, film in enumerate(FILMS[:3], 1)]
    data = "\n".join(json.dumps(x) for x in lines[:2]) + "\nnot json\n" + json.dumps(lines[2]) + "\n"
    outs = []
    for workers in ("1", "2"):
        result = CliRunner().invoke(main, ["ask", "--store", str(store), "--input", "-", "--json",
                                           "--workers", workers], input=data)
        assert result.exit_code == 0, result.output
        outs.append([json.loads(line) for line in result.output.splitlines()])
    rows = outs[1]
    assert [r["id"] for r in rows] == ["1", "2", None, "3"] and "not valid JSON" in rows[2]["error"]
    assert rows[0]["answers"] == ["William Dieterle"]
    assert [r.get("answers") for r in rows] == [r.get("answers") for r in outs[0]]


def _film_items():
    films = ["Kismet", "The Green Mile", "Mr. Holland's Opus"] * 2
    return [Item(f"p-{i}", f"who directed [{film}]", ["William Dieterle"], 1, "t", film)
            for i, film in enumerate(films, 1)]


def test_process_workers_write_the_rows_of_one_worker_in_order_and_resume(tmp_path, monkeypatch):
    """Two worker processes, each with its own Asker (real store, real MiniLM), give the rows one
    worker gives, in input order; a file holding a prefix resumes to the same full file."""
    from kgsparql.api import Asker
    from kgsparql.config import Settings

    monkeypatch.setenv("KGSPARQL_HOME", str(tmp_path / "home"))
    store = tmp_path / "s"
    load_files([FIXTURE], store, "metaqa")
    settings = Settings.load(flags={"store": str(store), "llm": "none"})
    with Runner(tmp_path / "one.jsonl", quiet=True) as runner, Asker(settings) as asker:
        runner.run(_film_items(), asker)
    one = _rows(tmp_path / "one.jsonl")
    assert one[0]["answers"] == ["William Dieterle"] and one[0]["evidence"]

    with Runner(tmp_path / "two.jsonl", quiet=True) as runner:
        assert runner.run_in_processes(_film_items(), settings, workers=2, tags={"method": "kelgop"}) == 6
    two = _rows(tmp_path / "two.jsonl")
    assert [r["id"] for r in two] == [f"p-{i}" for i in range(1, 7)]
    assert {r["method"] for r in two} == {"kelgop"}
    assert [{**r, "method": None} for r in _strip(two)] == [{**r, "method": None} for r in _strip(one)]

    (tmp_path / "part.jsonl").write_text("".join(json.dumps(r) + "\n" for r in one[:2]))
    with Runner(tmp_path / "part.jsonl", resume=True, quiet=True) as runner:
        assert runner.run_in_processes(_film_items(), settings, workers=2) == 4
    assert _strip(_rows(tmp_path / "part.jsonl")) == _strip(one)

"""The runner against a tiny KB with a test-local method: rows as it goes, errors, resume, protection."""
import json
import re

import pytest

from kgsparql.endpoints.embedded import EmbeddedEndpoint
from kgsparql.errors import InputError, LinkingError
from kgsparql.eval.items import Item
from kgsparql.eval.runner import Runner
from kgsparql.loading import load_files
from kgsparql.types import Answer

BASE = "https://kgsparql.example/"
KB = """Kismet\tdirected_by\tWilliam Dieterle
Kismet\tstarred_actors\tMarlene Dietrich
Kismet\tstarred_actors\tRonald Colman
Dune\tdirected_by\tDavid Lynch
Dune\tstarred_actors\tKyle MacLachlan
"""
QUERY = """PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
SELECT ?name WHERE { ?s rdfs:label "%s" . ?s <%sr/%s> ?o . ?o rdfs:label ?name } ORDER BY ?name"""


class LookupMethod:
    """``what is the <relation> of [<entity>]`` answered with one SPARQL query; registered nowhere."""

    name = "lookup"

    def __init__(self, endpoint, kill_on=None, out=None):
        self.endpoint, self.kill_on, self.out, self.seen = endpoint, kill_on, out, []

    def answer(self, question, *, id=None):
        if self.out is not None:   # every earlier question is already on disk, flushed
            done = self.out.read_text().splitlines() if self.out.exists() else []
            assert len(done) == len(self.seen)
        self.seen.append(id)
        if id == self.kill_on:
            raise KeyboardInterrupt
        m = re.fullmatch(r"what is the (\w+) of \[(.+)\]", question)
        if not m:
            raise LinkingError("no topic entity in the question")
        rows = self.endpoint.select(QUERY % (m.group(2), BASE, m.group(1)))
        return Answer(question, tuple(str(r["name"]) for r in rows), id=id)


ITEMS = [
    Item("t-1", "what is the directed_by of [Kismet]", ["William Dieterle"], 1, "movie_to_director", "Kismet"),
    Item("t-2", "what is the starred_actors of [Kismet]", ["Ronald Colman", "Marlene Dietrich"], 1, "movie_to_actor", "Kismet"),
    Item("t-3", "what is the directed_by of [Dune]", ["david lynch"], 1, "movie_to_director", "Dune"),
    Item("t-4", "who made Dune", ["David Lynch"], 2, "movie_to_director", None),
    Item("t-5", "what is the starred_actors of [Dune]", ["Sting"], 2, "movie_to_actor", "Dune"),
]


@pytest.fixture(scope="module")
def endpoint(tmp_path_factory):
    d = tmp_path_factory.mktemp("kb")
    (d / "kb.tsv").write_text(KB)
    load_files([d / "kb.tsv"], d / "store", "tsv", BASE)
    ep = EmbeddedEndpoint.open(d / "store")
    yield ep
    ep.close()


def _lines(path):
    return [json.loads(ln) for ln in path.read_text().splitlines()]


def _metrics(summary):
    drop = {"seconds_mean", "seconds_p50", "seconds_p95"}
    return {g: {k: v for k, v in s.items() if k not in drop}
            for g, s in [("all", summary["overall"]), *summary["by_hops"].items()]}


def test_one_flushed_row_per_question_with_scores_and_stats(endpoint, tmp_path):
    out = tmp_path / "r.jsonl"
    with Runner(out, quiet=True) as runner:
        assert runner.run(ITEMS, LookupMethod(endpoint, out=out)) == 5
    rows = _lines(out)
    assert [r["id"] for r in rows] == ["t-1", "t-2", "t-3", "t-4", "t-5"]
    r2 = rows[1]
    assert r2["answers"] == ["Marlene Dietrich", "Ronald Colman"] and r2["gold"] == ITEMS[1].answers
    assert (r2["hits1"], r2["hit_any"], r2["f1"], r2["em"], r2["hops"], r2["qtype"]) == (
        True, True, 1.0, True, 1, "movie_to_actor")
    assert r2["stats"]["sparql_queries"] == 1 and r2["stats"]["seconds"] > 0
    assert rows[2]["hits1"] is True                       # case-insensitive match
    assert (rows[4]["hits1"], rows[4]["f1"]) == (False, 0.0)


def test_a_kgsparql_error_is_recorded_as_a_miss(endpoint, tmp_path):
    with Runner(tmp_path / "r.jsonl", quiet=True) as runner:
        runner.run(ITEMS, LookupMethod(endpoint))
        summary = runner.summary(by_qtype=True)
    bad = _lines(tmp_path / "r.jsonl")[3]
    assert bad["error"] == "no topic entity in the question" and bad["answers"] == [] and bad["hits1"] is False
    assert "error" not in _lines(tmp_path / "r.jsonl")[0]
    assert summary["overall"]["n"] == 5 and summary["overall"]["errors"] == 1
    assert summary["overall"]["hits1"] == 0.6 and summary["by_hops"]["2"]["hits1"] == 0.0
    assert summary["by_hops"]["1"]["sparql_queries_mean"] == 1.0
    assert summary["by_qtype"]["movie_to_director"]["n"] == 3


def test_resume_after_a_kill_gives_one_row_per_id_and_the_same_summary(endpoint, tmp_path):
    with Runner(tmp_path / "full.jsonl", quiet=True) as runner:
        runner.run(ITEMS, LookupMethod(endpoint))
        full = runner.summary()
    out = tmp_path / "r.jsonl"
    with pytest.raises(KeyboardInterrupt):
        with Runner(out, quiet=True) as runner:
            runner.run(ITEMS, LookupMethod(endpoint, kill_on="t-3"))
    assert [r["id"] for r in _lines(out)] == ["t-1", "t-2"]
    method = LookupMethod(endpoint)
    with Runner(out, resume=True, quiet=True) as runner:
        assert runner.run(ITEMS, method) == 3
        resumed = runner.summary()
    assert method.seen == ["t-3", "t-4", "t-5"]
    assert [r["id"] for r in _lines(out)] == ["t-1", "t-2", "t-3", "t-4", "t-5"]
    assert _metrics(resumed) == _metrics(full)
    with Runner(out, resume=True, quiet=True) as runner:      # nothing left: nothing asked, nothing written
        assert runner.run(ITEMS, LookupMethod(endpoint, kill_on="t-1")) == 0
    assert len(_lines(out)) == 5


def test_resume_drops_a_last_line_cut_short_by_a_kill(endpoint, tmp_path, capsys):
    out = tmp_path / "r.jsonl"
    with Runner(out, quiet=True) as runner:
        runner.run(ITEMS[:2], LookupMethod(endpoint))
    with open(out, "a") as fh:
        fh.write('{"id": "t-3", "question": "what is the dir')
    with Runner(out, resume=True, quiet=True) as runner:
        runner.run(ITEMS, LookupMethod(endpoint))
    assert "incomplete last line" in capsys.readouterr().err
    assert [r["id"] for r in _lines(out)] == ["t-1", "t-2", "t-3", "t-4", "t-5"]


def test_an_existing_results_file_is_never_replaced_without_overwrite(endpoint, tmp_path):
    out = tmp_path / "r.jsonl"
    out.write_text("precious\n")
    with pytest.raises(InputError, match="--resume .* --overwrite"):
        Runner(out)
    with pytest.raises(InputError, match="not valid JSON"):
        Runner(out, resume=True)
    assert out.read_text() == "precious\n"
    with Runner(out, overwrite=True, quiet=True) as runner:
        assert out.read_text() == "precious\n"                # untouched until the first row is written
        runner.run(ITEMS[:1], LookupMethod(endpoint))
    assert [r["id"] for r in _lines(out)] == ["t-1"]


def test_resume_refuses_a_corrupt_middle_line_and_keeps_the_file(tmp_path):
    out = tmp_path / "r.jsonl"
    good = json.dumps({"id": "t-1", "gold": [], "answers": [], "hits1": False, "hit_any": False, "f1": 0.0})
    out.write_text(f"{good}\n{{broken\n{good}\n")
    before = out.read_bytes()
    with pytest.raises(InputError, match=r"r.jsonl:2"):
        Runner(out, resume=True)
    out.write_text('{"id": 3}\n')
    with pytest.raises(InputError, match="not a kgsparql eval result"):
        Runner(out, resume=True)
    out.write_bytes(before)
    assert out.read_bytes() == before


def test_memory_only_run_and_an_asker_with_ask(tmp_path):
    class FakeAsker:
        def ask(self, question, id=None):
            return Answer(question, ("William Dieterle",), stats={"seconds": 0.5, "llm_calls": 2}, id=id)

    with Runner(quiet=True) as runner:
        runner.run(ITEMS[:2], FakeAsker())
        s = runner.summary()["overall"]
    assert (s["n"], s["hits1"], s["llm_calls_mean"], s["seconds_p50"]) == (2, 0.5, 2.0, 0.5)
    with pytest.raises(InputError, match="--resume needs --out"):
        Runner(resume=True)

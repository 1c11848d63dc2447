"""WebQSP and CWQ on 12-question samples (tests/fixtures/freebase_qa): the id-hash split, gold names
and mids, the Freebase-shaped KB written from the evidence (mids, names, CVTs, dropped relations),
the store built once, and ``kgsparql eval webqsp|cwq`` end to end on the embedded store."""
from __future__ import annotations

import json
from pathlib import Path

import pyoxigraph
import pytest
from click.testing import CliRunner

from kgsparql import Asker
from kgsparql.cli import main as cli_main
from kgsparql.errors import InputError
from kgsparql.eval import benchmark, load_dataset
from kgsparql.eval.freebase_kb import FB, FreebaseKB, mend
from kgsparql.eval.metrics import score
from kgsparql.methods.own_topic import named_in

DATA = Path(__file__).resolve().parents[1] / "fixtures" / "freebase_qa"
NAME = f"<{FB}type.object.name>"


def _ids(name, split):
    return [it.id for p in load_dataset(name, DATA, split=split) for it in p.items]


@pytest.mark.parametrize("name", ["webqsp", "cwq"])
def test_dev_and_test_split_the_file_by_id(name):
    dev, test = _ids(name, "dev"), _ids(name, "test")
    assert len(dev) + len(test) == {"webqsp": 15, "cwq": 12}[name] and not set(dev) & set(test)
    assert dev and test and _ids(name, "tune") == dev and _ids(name, "dev") == dev
    with pytest.raises(InputError, match="no train split"):
        load_dataset(name, DATA, split="train")


def test_webqsp_gold_is_names_and_mids_and_the_topic_is_its_mid():
    items = {it.id: it for s in ("dev", "test") for p in load_dataset("webqsp", DATA, split=s) for it in p.items}
    jamaica = items["WebQTest-0"]
    assert jamaica.answers == ["Jamaican English", "Jamaican Creole English Language"]
    assert jamaica.answer_iris == (FB + "m.01428y", FB + "m.04ygk0") and jamaica.topic_iris == (FB + "m.03_r3",)
    assert jamaica.answerable is True and items["WebQTest-1"].topic_iris == ()


def test_cwq_gold_types_and_topics():
    items = {it.id: it for s in ("dev", "test") for p in load_dataset("cwq", DATA, split=s) for it in p.items}
    seal = items["WebQTest-832_c334509bb5e02cacae1ba2e80c176499"]
    assert seal.answers == ["2014 World Series"] and seal.answer_iris == (FB + "m.0117q3yz",)
    assert seal.qtype == "composition" and seal.topic_iris == (FB + "m.03_dwn",)
    assert {it.qtype for it in items.values()} <= {"composition", "conjunction", "comparative", "superlative"}
    assert any(it.answerable is False for it in items.values())      # questions with no evidence at all


def test_the_kb_is_freebase_shaped(tmp_path):
    rows = [json.loads(line) for line in (DATA / "webqsp" / "webqsp_test.jsonl").read_text().splitlines()]
    rows[0]["evidence_triples"].append(["Jamaica", "where it rained,", "Nowhere"])
    rows[0]["evidence_triples"].append(["Martin Luther King", "Jr.,people.person.place_of_birth", "Atlanta"])
    kb = FreebaseKB.build(rows, rows, [])
    report = kb.write_ntriples(tmp_path / "kb.nt")
    assert kb.dropped["where it rained,"] == 1 and report["dropped_triples"] == sum(kb.dropped.values())
    store = pyoxigraph.Store()
    store.load(path=str(tmp_path / "kb.nt"), format=pyoxigraph.RdfFormat.N_TRIPLES)
    ask = lambda text: bool(store.query(text))         # noqa: E731
    assert ask(f'ASK {{ <{FB}m.01428y> {NAME} "Jamaican English"@en }}')                   # the data's mid
    assert ask(f'ASK {{ ?j {NAME} "Jamaica"@en . ?j <{FB}location.country.languages_spoken> <{FB}m.01428y> }}')
    assert ask(f"ASK {{ <{FB}people.person.x> ?p ?o }}") is False
    assert not ask(f"ASK {{ <{FB}m.04j60kc> {NAME} ?n }}")                                 # a CVT stays unnamed
    assert ask(f"ASK {{ <{FB}m.04j60kc> ?p ?o }}") and not ask(f'ASK {{ ?s ?p "Nowhere"@en }}')
    assert ask(f'ASK {{ ?k {NAME} "Martin Luther King, Jr."@en . ?k <{FB}people.person.place_of_birth> ?a . '
               f'?a {NAME} "Atlanta"@en }}')                                             # mended, not dropped


@pytest.mark.parametrize("triple, mended", [
    (("Martin Luther King", "Jr.,people.person.education", "m.02wp75f"),
     ("Martin Luther King, Jr.", "people.person.education", "m.02wp75f")),
    (("Bilady", "Bilady, Bilady,music.composition.language", "Arabic Language"),
     ("Bilady, Bilady, Bilady", "music.composition.language", "Arabic Language")),
    (("Washington", "D.C.", "location.location.containedby,United States of America"),
     ("Washington, D.C.", "location.location.containedby", "United States of America")),
    (("Houston", "location.location.containedby", "Harris County, Texas"),
     ("Houston", "location.location.containedby", "Harris County, Texas")),
    (("m.0abc", "Jr.,people.person.education", "X"), ("m.0abc", "Jr.,people.person.education", "X")),
    (("A", "no relation here", "B, c"), ("A", "no relation here", "B, c")),
])
def test_a_head_split_at_its_comma_is_mended(triple, mended):
    assert mend(*triple) == mended


def test_a_prediction_is_right_by_name_or_by_mid():
    gold, mids = ["Jamaican English", "Jamaican Creole English Language"], [FB + "m.01428y", FB + "m.04ygk0"]
    by_mid = score(["Patois", "Jamaica"], gold, iris=[FB + "m.04ygk0", FB + "m.03_r3"], gold_iris=mids)
    assert by_mid.hits1 and by_mid.hit_any and by_mid.f1 == pytest.approx(0.5) and not by_mid.em
    both = score(["jamaican english", "X"], gold, iris=[None, FB + "m.04ygk0"], gold_iris=mids)
    assert both.em and both.f1 == 1.0
    assert not score(["Jamaica"], gold, iris=[FB + "m.03_r3"], gold_iris=mids).hit_any


def test_benchmark_builds_the_store_once(tmp_path):
    store, items = benchmark("webqsp", "test", data_dir=DATA, home=tmp_path)
    again, _ = benchmark("webqsp", "test", data_dir=DATA, home=tmp_path)
    assert store == again == tmp_path / "stores" / "webqsp" and items
    assert json.loads((store / "kb-report.json").read_text())["triples"] > 50


def test_eval_webqsp_and_cwq_end_to_end(tmp_path):
    env = {"KGSPARQL_HOME": str(tmp_path)}
    for name in ("webqsp", "cwq"):
        out = tmp_path / f"{name}.jsonl"
        result = CliRunner().invoke(cli_main, ["eval", name, "--data-dir", str(DATA), "--split", "test", "--llm",
                                               "none", "--out", str(out), "--json", "--quiet"], env=env)
        assert result.exit_code == 0, result.output
        summary = json.loads(result.output.strip().splitlines()[-1])
        rows = [json.loads(line) for line in out.read_text().splitlines()]
        assert summary["overall"]["n"] == len(rows) == len(_ids(name, "test"))
        assert 0 < summary["overall"]["ceiling"] <= 1 and "hits1_answerable" in summary["overall"]
        assert all("answerable" in r and r["gold_iris"] for r in rows)
        assert ("by_qtype" in summary) == (name == "cwq")
    assert summary["overall"]["hit_any"] > 0      # some CWQ question is answered from the KB


def test_the_question_s_own_topic_is_not_an_answer(tmp_path):
    store, _ = benchmark("webqsp", "test", data_dir=DATA, home=tmp_path)
    with Asker(store=str(store), adapter="freebase", home=str(tmp_path)) as asker:
        linked = asker.ask("what does jamaican people speak")
        given = asker.ask("what does jamaican people speak", topics=[FB + "m.03_r3"])
    assert "Jamaica" not in linked.answers
    assert given.entities[0].name == "Jamaica" and set(given.answers) == {"Jamaican English",
                                                                          "Jamaican Creole English Language"}


def test_named_in_matches_runs_of_words_and_inflections():
    assert named_in("Jamaica", "what does jamaican people speak")
    assert named_in("Ken Barlow", "who plays ken barlow in coronation street")
    assert not named_in("William Roache", "who plays ken barlow in coronation street")
    assert not named_in("Ohio", "who is governor of oh 2011") and not named_in("2011", "governor of ohio 2011")
    assert not named_in("Jam", "what does jamaican people speak")           # too short to be inflected


def test_gold_topic_rows_and_a_user_file(tmp_path):
    env = {"KGSPARQL_HOME": str(tmp_path)}
    args = ["eval", "webqsp", "--data-dir", str(DATA), "--split", "test", "--json", "--quiet"]
    linked = CliRunner().invoke(cli_main, args, env=env)
    given = CliRunner().invoke(cli_main, args + ["--gold-topic", "--out", str(tmp_path / "given.jsonl")], env=env)
    assert linked.exit_code == given.exit_code == 0, linked.output + given.output
    summaries = [json.loads(r.output.strip().splitlines()[-1]) for r in (linked, given)]
    # the gold topic is no upper bound: a gold topic mid named nowhere in the data is not in the KB,
    # where linking may still reach the entity ("jamaican" -> Jamaica is linked either way here)
    assert summaries[1]["gold_topic"] and not summaries[0]["gold_topic"]
    assert summaries[1]["overall"]["n"] == summaries[0]["overall"]["n"] and summaries[1]["overall"]["hits1"] > 0
    jamaica = json.loads((tmp_path / "given.jsonl").read_text().splitlines()[0])
    assert jamaica["id"] == "WebQTest-0" and jamaica["hits1"] and jamaica["f1"] == 1.0
    store, _ = benchmark("webqsp", "test", data_dir=DATA, home=tmp_path)
    mine = tmp_path / "mine.jsonl"
    mine.write_text(json.dumps({"id": "q1", "question": "who plays ken barlow in coronation street",
                                "answers": ["William Roache"]}) + "\n{not json\n"
                    + json.dumps({"id": "q3", "question": "who was richard nixon married to", "answers": ["x"],
                                  "answer_iris": [FB + "m.023v03"]}) + "\n" + json.dumps({"id": "q4"}) + "\n")
    out = tmp_path / "mine-rows.jsonl"
    result = CliRunner().invoke(cli_main, ["eval", str(mine), "--store", str(store), "--adapter", "freebase",
                                           "--out", str(out), "--json"], env=env)
    assert result.exit_code == 0, result.output
    rows = {r["id"]: r for r in map(json.loads, out.read_text().splitlines())}
    assert set(rows) == {"q1", "line-2", "q3", "q4"} and "mine.jsonl:2: not valid JSON" in rows["line-2"]["error"]
    assert "mine.jsonl:4: needs a question" in rows["q4"]["error"]
    summary = json.loads(result.stdout.strip().splitlines()[-1])
    assert summary["overall"]["n"] == 4 and rows["q3"]["hits1"] == (rows["q3"]["answers"][:1] == ["Pat Nixon"])
    empty = tmp_path / "empty.jsonl"
    empty.write_text("{}\n")
    bad = CliRunner().invoke(cli_main, ["eval", str(empty), "--store", str(store)], env=env)
    assert bad.exit_code == 1 and "no usable question" in bad.stderr and "Traceback" not in bad.stderr

"""FRAG on the bundled demo KG (real MiniLM, real embedded Oxigraph): answers, evidence, routing,
stats, the ask command's JSON contract, batch input, and the LLM step's fallback with a scripted LLM."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from kgsparql.api import Asker
from kgsparql.cli import main
from kgsparql.config import Settings
from kgsparql.kg import ensure_demo_store
from kgsparql.llm.scripted import ScriptedLLM

STATS = {"sparql_queries", "llm_calls", "prompt_tokens", "completion_tokens", "seconds"}


@pytest.fixture(scope="module")
def settings(tmp_path_factory) -> Settings:
    base = Settings()
    return base.replace(store=str(ensure_demo_store(base)), home=str(tmp_path_factory.mktemp("home")), method="frag")


@pytest.fixture(scope="module")
def asker(settings):
    with Asker(settings) as a:
        yield a


def test_one_hop_with_and_without_brackets(asker):
    for q in ("who directed [Kismet]", "Who directed Kismet?"):
        a = asker.ask(q)
        assert a.answers == ("William Dieterle",)
        assert a.evidence[0][0].to_json() == [["Kismet", "directed by", "William Dieterle"]]
        assert a.plan["route"] == "simple" and STATS <= set(a.stats) and a.stats["sparql_queries"] > 0


def test_two_hop_answers_exclude_the_topic_and_carry_paths(asker):
    a = asker.ask("which movies did the director of [Kismet] also direct")
    assert len(a.answers) >= 2 and "Kismet" not in a.answers
    assert all(p.end.name in a.answers and len(p) == 2 for p, _ in a.evidence[:2])


def test_three_hop_question_is_routed_complex(asker):
    a = asker.ask("the films that share actors with the film [Kismet] were released in which years")
    assert a.plan["route"] == "complex" and a.answers
    assert all(ans.isdigit() for ans in a.answers[:5])
    assert len(a.evidence[0][0]) == 3


def test_unknown_entity_is_an_abstention_with_a_reason(asker):
    answer = asker.ask("who directed [No Such Film Anywhere 4242]")
    assert answer.answers == () and "no entity" in answer.abstained


def test_llm_step_falls_back_when_the_output_does_not_parse(settings):
    llm = ScriptedLLM.replying(["I am not sure, sorry."], settings=settings)
    with Asker(settings, llm=llm) as a:
        answer = a.ask("who directed [Kismet]")
    assert answer.answers == ("William Dieterle",) and answer.plan["answered_by"] == "fallback"
    assert answer.stats["llm_calls"] == 1 and answer.stats["parse_failures"] == 1


def test_llm_answer_is_mapped_onto_a_candidate(settings):
    llm = ScriptedLLM.replying(["The answer is William Dieterle."], settings=settings)
    with Asker(settings, llm=llm) as a:
        answer = a.ask("who directed [Kismet]")
    assert answer.answers[0] == "William Dieterle" and answer.plan["answered_by"] == "llm"


def test_ask_cli_json_contract(settings):
    r = CliRunner().invoke(main, ["ask", "who directed [Kismet]", "--store", settings.store, "--json"])
    assert r.exit_code == 0, r.output
    out = json.loads(r.output)
    assert {"id", "question", "answers", "evidence", "stats"} <= set(out) and STATS <= set(out["stats"])
    assert out["evidence"][0] == {"path": [["Kismet", "directed by", "William Dieterle"]], "score": out["evidence"][0]["score"]}


def test_ask_cli_batch_keeps_order_ids_and_goes_on_after_errors(settings, tmp_path):
    batch = tmp_path / "q.jsonl"
    batch.write_text("\n".join([json.dumps({"id": "a", "question": "who directed [Kismet]"}), "{not json",
                                json.dumps({"id": "c", "question": "who directed [No Such Film 4242]"}),
                                json.dumps({"id": "d", "question": "what genre is [Kismet]"})]) + "\n")
    r = CliRunner().invoke(main, ["ask", "--store", settings.store, "--input", str(batch), "--json"])
    assert r.exit_code == 0, r.output
    rows = [json.loads(line) for line in r.output.splitlines()]
    assert [row["id"] for row in rows] == ["a", None, "c", "d"]
    assert rows[0]["answers"] == ["William Dieterle"] and "error" in rows[1]
    assert rows[2]["answers"] == [] and "no entity" in rows[2]["abstained"], "nothing of the KG in it"
    assert rows[3]["answers"] == [] and "genre" in rows[3]["abstained"], "Kismet has no genre in the KG"


def test_ask_cli_needs_a_question_or_input():
    r = CliRunner().invoke(main, ["ask"])
    assert r.exit_code == 1 and r.output.strip().startswith("error:") and len(r.output.strip().splitlines()) == 1

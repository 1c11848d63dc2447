"""KG-RAG control flow with a ScriptedLLM on the demo KG (real Oxigraph store, real MiniLM ranking):
how decompositions parse, how an answer is written into the next sub-question, which prompts run
in which order, and how unusable output falls back to the LLM-free loop."""
from __future__ import annotations

import pytest

from kgsparql.api import Asker
from kgsparql.config import Settings
from kgsparql.errors import ConfigError, ParseError
from kgsparql.kg import KnowledgeGraph, ensure_demo_store
from kgsparql.llm.scripted import ScriptedLLM
from kgsparql.prompts.kgrag.parsers import parse_decompose

from kgtest import DEMO_KB, chain_gold, kb_tables

QUESTION = "which movies did the director of [Kismet] also direct"


@pytest.mark.parametrize("text, expected", [
    ("who directed Kismet | which movies did #1 direct", ["who directed Kismet", "which movies did #1 direct"]),
    ("1. Who directed Kismet?\n2. Which movies did [#1] direct?", ["Who directed Kismet", "Which movies did [#1] direct"]),
    ("Sub-questions: \"who directed Kismet?\"", ["who directed Kismet"]),
    ("who directed Kismet | which team did #2 direct", ["who directed Kismet"]),
])
def test_decompositions_parse_with_their_references(text, expected):
    assert parse_decompose(text, question=QUESTION) == expected


@pytest.mark.parametrize("text", ["%%% no idea &&&", "", "who directed #2 | which movies did Kismet star",
                                  "the weather is nice today"])
def test_unusable_decompositions_do_not_parse(text):
    with pytest.raises(ParseError):
        parse_decompose(text, question=QUESTION)


@pytest.fixture(scope="module")
def settings(tmp_path_factory) -> Settings:
    base = Settings()
    return base.replace(store=str(ensure_demo_store(base)), home=str(tmp_path_factory.mktemp("home")), method="kgrag")


@pytest.fixture(scope="module")
def kg(settings):
    with KnowledgeGraph.from_settings(settings) as kg:
        yield kg


def _ask(settings, kg, outputs, question=QUESTION):
    llm = ScriptedLLM.replying(outputs, settings=settings)
    with Asker(settings, kg=kg, llm=llm) as asker:
        return asker.ask(question), llm


def _user_text(call) -> str:
    return call["prompt"][-1]["content"]


def test_each_answer_is_written_into_the_next_sub_question(settings, kg):
    gold = chain_gold(kb_tables(DEMO_KB), "Kismet", ["directed_by", "~directed_by"])
    other = sorted(gold)[0]
    answer, llm = _ask(settings, kg, ["who directed Kismet | which movies did #1 direct",
                                      "William Dieterle", other, other])
    steps = answer.plan["sub_questions"]
    assert answer.plan["decomposed_by"] == "llm" and len(steps) == 2
    assert steps[0]["answers"] == ["William Dieterle"] and steps[0]["answered_by"] == "llm"
    assert steps[1]["rewritten"] == "which movies did William Dieterle direct"
    assert "which movies did William Dieterle direct" in _user_text(llm.calls[2])
    assert "Kismet directed by William Dieterle" in _user_text(llm.calls[1])     # a ranked triple
    assert answer.stats["prompts"] == {"kgrag/decompose@1": 1, "kgrag/answer@1": 2, "kgrag/final@1": 1}
    assert answer.stats["llm_calls"] == 4 and answer.stats["parse_failures"] == 0
    assert answer.answers[0] == other and set(answer.answers) <= gold
    assert answer.stats["counts"]["sub_questions"] == 2 and answer.stats["counts"]["candidate_triples"] > 0
    assert answer.evidence[0][0].to_json()[0] == ["Kismet", "directed by", "William Dieterle"]


def test_one_sub_question_needs_no_final_prompt(settings, kg):
    answer, llm = _ask(settings, kg, ["who wrote Vertigo", "Samuel A. Taylor"], "who wrote [Vertigo]")
    assert answer.stats["llm_calls"] == 2 and "kgrag/final@1" not in answer.stats["prompts"]
    assert answer.answers[0] in chain_gold(kb_tables(DEMO_KB), "Vertigo", ["written_by"])
    assert answer.stats["counts"]["sub_questions"] == 1


def test_an_over_decomposed_one_hop_question_is_counted(settings, kg):
    answer, _ = _ask(settings, kg, ["what is Vertigo | who wrote #1", "garbage %%%", "garbage %%%", "x"],
                     "who wrote [Vertigo]")
    assert answer.stats["counts"]["sub_questions"] == 2 and answer.stats["counts"]["decomposed_by_llm"] == 1
    assert [s["answered_by"] for s in answer.plan["sub_questions"]] == ["ranking", "ranking"]


def test_a_decomposition_that_does_not_parse_falls_back_to_the_relation_chain(settings, kg):
    answer, llm = _ask(settings, kg, ["which movies did #2 direct", "garbage %%%", "garbage %%%", "garbage %%%"])
    assert answer.plan["decomposed_by"] == "chain" and answer.stats["parse_failures"] == answer.stats["llm_calls"]
    relations = [s["relation"] for s in answer.plan["sub_questions"]]
    assert relations == ["directed by", "directed by"]
    assert answer.answers and answer.answers[0] in chain_gold(kb_tables(DEMO_KB), "Kismet", ["directed_by", "~directed_by"])


def test_options_are_checked_at_construction(settings, kg):
    with pytest.raises(ConfigError, match="top_k"):
        Asker(settings.replace(plugins={"kgrag": {"top_k": 0}}), kg=kg)

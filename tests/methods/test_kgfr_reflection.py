"""KGFR's LLM loop with a ScriptedLLM on the demo KG (real store, real MiniLM): answer from the three
levels, reflect, retrieve again for sub-questions or named entities, at most 3 rounds; and the
parsers of prompts/kgfr. The real-model run is in tests/integration/test_kgfr_llm_real.py."""
from __future__ import annotations

import pytest

from kgsparql.api import Asker
from kgsparql.config import Settings
from kgsparql.errors import ConfigError, ParseError
from kgsparql.kg import KnowledgeGraph, ensure_demo_store
from kgsparql.llm.scripted import ScriptedLLM
from kgsparql.methods.kgfr.options import KgfrOptions
from kgsparql.plugin_options import parse_options
from kgtest import DEMO_KB, chain_gold, kb_tables
from kgsparql.prompts.kgfr.parsers import Verdict, parse_answer, parse_reflect


@pytest.fixture(scope="module")
def settings(tmp_path_factory) -> Settings:
    base = Settings()
    return base.replace(store=str(ensure_demo_store(base)), home=str(tmp_path_factory.mktemp("home")), method="kgfr")


@pytest.fixture(scope="module")
def kg(settings):
    with KnowledgeGraph.from_settings(settings) as kg:
        yield kg


def ask(settings, kg, replies, question):
    llm = ScriptedLLM.replying(replies, settings=settings)
    with Asker(settings, kg=kg, llm=llm) as asker:
        return asker.ask(question), llm


def test_sufficient_after_one_round(settings, kg):
    answer, llm = ask(settings, kg, ["William Dieterle", "yes"], "who directed [Kismet]")
    assert answer.answers[0] == "William Dieterle" and answer.plan["answered_by"] == "llm"
    assert [r["verdict"]["sufficient"] for r in answer.plan["rounds"]] == [True]
    assert answer.stats["llm_calls"] == 2 and answer.stats["prompts"] == {"kgfr/answer@1": 1, "kgfr/reflect@1": 1}
    assert "William Dieterle" in answer.plan["rounds"][0]["candidates"]


def test_focus_on_a_named_entity_retrieves_again(settings, kg):
    replies = ["William Dieterle", "no; focus: Alfred Hitchcock", "William Dieterle", "yes"]
    answer, _ = ask(settings, kg, replies, "who directed [Kismet]")
    rounds = answer.plan["rounds"]
    assert len(rounds) == 2 and rounds[0]["retrieved_again"] is True
    assert rounds[0]["verdict"]["focus"] == ["Alfred Hitchcock"]
    hitchcock = chain_gold(kb_tables(DEMO_KB), "Alfred Hitchcock", ["~directed_by"])
    assert not hitchcock & set(rounds[0]["candidates"])
    assert hitchcock & set(rounds[1]["candidates"]), "the second retrieval started from the named entity too"
    assert answer.stats["llm_calls"] == 4


def test_at_most_three_rounds_of_sub_questions(settings, kg):
    replies = ["William Dieterle", "no; ask: who directed [Kismet]"] * 5
    answer, llm = ask(settings, kg, replies, "who directed [Kismet]")
    assert len(answer.plan["rounds"]) == 3 and answer.stats["llm_calls"] == 6
    assert answer.plan["rounds"][0]["verdict"]["ask"] == ["who directed [Kismet]"]


def test_an_answer_outside_the_candidates_keeps_the_llm_free_answer(settings, kg):
    answer, _ = ask(settings, kg, ["Nobody In Particular 42", "yes"], "who directed [Kismet]")
    assert answer.answers[0] == "William Dieterle" and answer.plan["answered_by"] == "fallback"
    assert answer.stats["parse_failures"] == 1


def test_parse_reflect():
    assert parse_reflect("Yes, the evidence supports it") == Verdict(True)
    assert parse_reflect("no; ask: who directed X | what else did he direct") == \
        Verdict(False, ask=("who directed X", "what else did he direct"))
    assert parse_reflect(" No. focus: Alfred Hitchcock, Vertigo") == Verdict(False, focus=("Alfred Hitchcock", "Vertigo"))
    assert parse_reflect("no") == Verdict(False)
    with pytest.raises(ParseError):
        parse_reflect("%%% maybe")


def test_parse_answer_matches_candidates():
    class E:
        def __init__(self, name):
            self.name = name
    a, b = E("Lost in Translation"), E("The Virgin Suicides")
    assert parse_answer("The Virgin Suicides, Lost in Translation", candidates=[a, b]) == [b, a]
    with pytest.raises(ParseError):
        parse_answer("", candidates=[a, b])


def test_options_are_validated():
    assert parse_options(KgfrOptions, {"lam": 50, "hops": 2}, "[plugins.kgfr]").lam == 50
    for bad in ({"lam": 0}, {"rounds": 4}, {"hops": 9}, {"nonsense": 1}):
        with pytest.raises(ConfigError):
            parse_options(KgfrOptions, bad, "[plugins.kgfr]")

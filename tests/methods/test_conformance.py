"""The method conformance suite: every registered method (entry-point group ``kgsparql.methods``)
must pass it unchanged. On the bundled demo KG (real MiniLM, real embedded Oxigraph):

- it answers the demo questions (gold answers computed from the demo KB by each question's chain);
- it runs its LLM-free path with ``--llm none`` (no LLM call) and degrades to it when every LLM
  output is unparseable (answers unchanged, the failures counted in ``stats``);
- it fills ``stats`` (queries, LLM calls, tokens, seconds) and ``plan``;
- it says "not in the KG" (``answers: []`` and ``abstained``) for a fact the KG lacks, and for a
  question about nothing the KG holds;
- a batch keeps its order and ids, and its error rows."""
from __future__ import annotations

import json

import pytest

from kgsparql.api import Asker
from kgsparql.config import Settings
from kgsparql.kg import KnowledgeGraph, ensure_demo_store
from kgsparql.llm.scripted import ScriptedLLM
from kgsparql.registry import available

from kgtest import DEMO_KB, chain_gold, kb_tables

METHODS = available("method")
STATS = {"sparql_queries", "llm_calls", "prompt_tokens", "completion_tokens", "seconds", "parse_failures"}
# (question, topic, chain): the gold answers are what the chain reaches in the demo KB
DEMO = [
    ("who directed [Kismet]", "Kismet", ["directed_by"]),
    ("Who directed Kismet?", "Kismet", ["directed_by"]),
    ("who wrote [Vertigo]", "Vertigo", ["written_by"]),
    ("when was Vertigo released", "Vertigo", ["release_year"]),
    ("which movies did the director of [Kismet] also direct", "Kismet", ["directed_by", "~directed_by"]),
    ("who acted in the movies directed by [Alfred Hitchcock]", "Alfred Hitchcock", ["~directed_by", "starred_actors"]),
]
MISSING = "what genre is [Kismet]"     # Kismet has no genre in the KB


@pytest.fixture(scope="module")
def settings(tmp_path_factory) -> Settings:
    base = Settings()
    return base.replace(store=str(ensure_demo_store(base)), home=str(tmp_path_factory.mktemp("home")))


@pytest.fixture(scope="module")
def tables():
    return kb_tables(DEMO_KB)


@pytest.fixture(scope="module", params=METHODS)
def method_settings(request, settings) -> Settings:
    return settings.replace(method=request.param)


@pytest.fixture(scope="module")
def kg(method_settings):
    with KnowledgeGraph.from_settings(method_settings) as kg:
        yield kg


@pytest.fixture(scope="module")
def asker(method_settings, kg):
    with Asker(method_settings, kg=kg) as a:
        yield a


def test_answers_the_demo_questions(asker, tables):
    for question, topic, chain in DEMO:
        gold = chain_gold(tables, topic, chain)
        answer = asker.ask(question)
        assert gold and answer.answers and answer.answers[0] in gold, (question, answer.answers[:3], sorted(gold)[:3])
        assert answer.abstained is None and answer.evidence, question


def test_llm_free_path_makes_no_llm_call_and_fills_stats_and_plan(asker):
    answer = asker.ask("who directed [Kismet]")
    assert STATS <= set(answer.stats) and answer.stats["llm_calls"] == 0
    assert answer.stats["sparql_queries"] > 0 and answer.stats["seconds"] > 0
    assert isinstance(answer.plan, dict) and answer.plan.get("answered_by")
    json.dumps(answer.to_json())


def test_unparseable_llm_output_degrades_to_the_llm_free_answer(method_settings, kg, asker):
    garbage = ScriptedLLM.replying(["%%% no idea &&&"] * 200, settings=method_settings)
    with Asker(method_settings, kg=kg, llm=garbage) as with_llm:
        for question, _, _ in DEMO[:3] + DEMO[4:5]:
            plain, degraded = asker.ask(question), with_llm.ask(question)
            assert degraded.answers[:1] == plain.answers[:1], question
            stats = degraded.stats
            assert stats["parse_failures"] == stats["llm_calls"], "every LLM output was unusable"
    assert garbage.calls, "the method asked the LLM at least once"


def test_abstains_on_a_fact_the_kg_lacks(asker):
    answer = asker.ask(MISSING)
    assert answer.answers == () and answer.abstained and "\n" not in answer.abstained
    assert answer.to_json()["abstained"] == answer.abstained
    nothing = asker.ask("who directed [No Such Film Anywhere 4242]")
    assert nothing.answers == () and nothing.abstained


def test_batch_keeps_order_ids_and_error_rows(asker):
    items = [{"id": "a", "question": "who directed [Kismet]"}, {"id": "b", "error": "line 2: not valid JSON"},
             {"id": "c", "question": MISSING}, {"id": "d", "question": "who wrote [Vertigo]"}]
    rows = list(asker.ask_many(items))
    assert [r["id"] for r in rows] == ["a", "b", "c", "d"]
    assert rows[1] == {"id": "b", "error": "line 2: not valid JSON"}
    assert rows[0]["answers"][0] == "William Dieterle" and rows[2]["answers"] == [] and rows[2]["abstained"]

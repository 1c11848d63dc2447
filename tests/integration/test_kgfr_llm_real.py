"""KGFR with a real model (the packaged Gemma 3 270M base GGUF through llama-cpp-python) and through a
real ``python -m llama_cpp.server`` behind the openai backend, on the demo KG: the answer/reflect
loop runs on raw few-shot prompts, stays within 3 rounds, and reports its LLM calls per question.
Under CI=true a model or server that cannot start fails the test instead of skipping it."""
from __future__ import annotations

import pytest

from kgsparql.api import Asker
from kgsparql.config import Settings
from kgsparql.kg import KnowledgeGraph, ensure_demo_store
from kgsparql.llm import build_llm

from llamaserver import model_missing

pytestmark = pytest.mark.models
QUESTIONS = ["who directed [Kismet]", "Who wrote Vertigo?", "who acted in the movies directed by [Alfred Hitchcock]"]


@pytest.fixture(scope="module")
def settings(tmp_path_factory) -> Settings:
    base = Settings(llm="llama", llm_context=2048, llm_max_tokens=48, method="kgfr")
    return base.replace(store=str(ensure_demo_store(base)))


@pytest.fixture(scope="module")
def kg(settings):
    with KnowledgeGraph.from_settings(settings) as kg:
        yield kg


def _calls_per_question(settings, kg, llm) -> list[int]:
    calls = []
    with Asker(settings, kg=kg, llm=llm) as asker:
        for question in QUESTIONS:
            answer = asker.ask(question)
            rounds = answer.plan["rounds"]
            assert answer.answers and 1 <= len(rounds) <= 3, (question, answer.plan)
            assert answer.stats["llm_calls"] == 2 * len(rounds), answer.stats
            calls.append(answer.stats["llm_calls"])
    print(f"llm_calls per question: {calls} (mean {sum(calls) / len(calls):.2f})")
    return calls


def test_kgfr_with_llama(settings, kg):
    try:
        import llama_cpp  # noqa: F401
        llm = build_llm(settings)
    except Exception as exc:  # noqa: BLE001 - a missing or broken model is the same finding here
        model_missing(f"llama model unavailable: {exc}")
    assert llm.few_shot, "the packaged base model takes raw few-shot prompts"
    assert all(2 <= c <= 6 for c in _calls_per_question(settings, kg, llm))


def test_kgfr_through_a_llama_cpp_server(settings, kg, llama_server):
    remote = settings.replace(llm="openai:gemma", llm_base_url=llama_server, plugins={"openai": {"few_shot": True}})
    llm = build_llm(remote)
    assert all(2 <= c <= 6 for c in _calls_per_question(remote, kg, llm))

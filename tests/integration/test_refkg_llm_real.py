"""RefKG with a real model: the packaged GGUF through llama-cpp-python, and the same model behind a
real ``python -m llama_cpp.server`` (the openai backend). Every LLM step runs (decoupling, relation
choice, reconstruction, joint inference) and the LLM calls per question are reported. Nothing is
skipped under CI=true: a model or server that cannot start fails (tests/llamaserver.py)."""
from __future__ import annotations

import pytest

from kgsparql.api import Asker
from kgsparql.config import Settings
from kgsparql.kg import KnowledgeGraph, ensure_demo_store

from kgtest import DEMO_KB, chain_gold, kb_tables
from llamaserver import require_llama_cpp

pytestmark = pytest.mark.models
QUESTIONS = [("who directed [Kismet]", "Kismet", ["directed_by"]),
             ("when was [Vertigo] released", "Vertigo", ["release_year"])]
STEPS = {"refkg/decouple@1", "refkg/relations@1", "refkg/reconstruct@1", "refkg/answer@1"}


@pytest.fixture(scope="module")
def settings(tmp_path_factory) -> Settings:
    base = Settings(llm="llama", llm_context=2048, llm_max_tokens=32, tables={"methods": {"refkg": {"evidence_facts": 8}}})
    return base.replace(store=str(ensure_demo_store(base)), home=str(tmp_path_factory.mktemp("home")), method="refkg")


@pytest.fixture(scope="module")
def kg(settings):
    with KnowledgeGraph.from_settings(settings) as kg:
        yield kg


def _ask_all(settings, kg, capsys, label):
    tables = kb_tables(DEMO_KB)
    with Asker(settings, kg=kg) as asker:
        answers = [(asker.ask(q), chain_gold(tables, topic, chain)) for q, topic, chain in QUESTIONS]
    with capsys.disabled():
        for (answer, _), (q, _, _) in zip(answers, QUESTIONS):
            print(f"\n[{label}] {q}: llm_calls={answer.stats['llm_calls']} prompts={answer.stats['prompts']} "
                  f"answered_by={answer.plan['answered_by']} -> {list(answer.answers[:3])}")
    return answers


def _check(answers):
    for answer, gold in answers:
        assert answer.stats["llm_calls"] >= 3 and answer.stats["completion_tokens"] > 0
        assert set(answer.stats["prompts"]) <= STEPS and "refkg/decouple@1" in answer.stats["prompts"]
        assert answer.answers and answer.evidence      # answers are candidates the KG exploration reached
    assert sum(answer.answers[0] in gold for answer, gold in answers) >= 1


def test_refkg_with_llama(settings, kg, capsys):
    require_llama_cpp()
    _check(_ask_all(settings, kg, capsys, "llama"))


def test_refkg_against_llama_cpp_server(llama_server, settings, kg, capsys):
    remote = settings.replace(llm="openai:gemma", llm_base_url=llama_server,
                              plugins={**settings.plugins, "openai": {"few_shot": True}})
    _check(_ask_all(remote, kg, capsys, "llama_cpp.server"))

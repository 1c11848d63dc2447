"""answer/choose through run_prompt with the scripted model: good output, chatter, garbage."""
from __future__ import annotations

import pytest

from kgsparql import stats
from kgsparql.llm import run_prompt
from kgsparql.llm.scripted import ScriptedLLM
from kgsparql.types import Entity, Literal

DIETERLE = Entity.iri("https://kg.example/e/William_Dieterle", "William Dieterle")
DIETRICH = Entity.iri("https://kg.example/e/Marlene_Dietrich", "Marlene Dietrich")
COLMAN = Entity.iri("https://kg.example/e/Ronald_Colman", "Ronald Colman")
YEAR = Entity(Literal("1944"))
VARS = {
    "question": "who directed Kismet",
    "facts": ["Kismet directed by William Dieterle", "Kismet starred actors Marlene Dietrich",
              "Kismet starred actors Ronald Colman", "Kismet release year 1944"],
    "candidates": [DIETERLE, DIETRICH, COLMAN, YEAR],
}
FALLBACK = [DIETERLE]


def _run(output: str, few_shot: bool = False):
    llm = ScriptedLLM.replying([output], few_shot=few_shot)
    with stats.collect() as st:
        step = run_prompt(llm, "answer/choose", FALLBACK, **VARS)
    return step, st, llm


@pytest.mark.parametrize("output, expected", [
    ("William Dieterle", [DIETERLE]),
    (" Marlene Dietrich, Ronald Colman", [DIETRICH, COLMAN]),
    ("1944", [YEAR]),
    ("3", [COLMAN]),
])
def test_good_output(output, expected):
    step, st, _ = _run(output)
    assert step.source == "llm" and step.value == expected and step.error is None
    assert step.raw == output and step.kept == 4
    assert st.llm_calls == 1 and st.parse_failures == 0 and st.prompts == {"answer/choose@1": 1}


@pytest.mark.parametrize("output, expected", [
    ("The answer is: William Dieterle.", [DIETERLE]),
    ('Sure! **"Marlene Dietrich"** and Ronald Colman starred in it.', [DIETRICH, COLMAN]),
    ("- william dieterle\n\nI hope this helps.", [DIETERLE]),
    ("Answer: Wiliam Dieterle", [DIETERLE]),
])
def test_chatter_is_tolerated(output, expected):
    step, st, _ = _run(output)
    assert step.source == "llm" and step.value == expected and st.parse_failures == 0


@pytest.mark.parametrize("output", ["", "I cannot answer that.", "Orson Welles", "42"])
def test_garbage_falls_back_and_is_counted(output):
    step, st, _ = _run(output)
    assert step.source == "fallback" and step.value == FALLBACK
    assert step.raw == output and step.error and "answer/choose@1" in step.error
    assert st.parse_failures == 1 and st.llm_calls == 1


def test_raw_variant_for_few_shot_models_stops_at_newline():
    step, _, llm = _run(" William Dieterle\n\nFacts:\n- more made-up examples", few_shot=True)
    prompt = llm.calls[0]["prompt"]
    assert isinstance(prompt, str) and prompt.endswith("Question: who directed Kismet\nAnswer:")
    assert llm.calls[0]["stop"] == ["\n"]
    assert step.value == [DIETERLE] and step.raw == " William Dieterle"


def test_no_model_means_fallback_without_any_call():
    with stats.collect() as st:
        step = run_prompt(None, "answer/choose", FALLBACK, **VARS)
    assert step.source == "fallback" and step.value == FALLBACK and step.error is None
    assert st.llm_calls == 0 and st.parse_failures == 0

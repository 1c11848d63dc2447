"""frag/reason and frag/feedback through run_prompt with the scripted model."""
from __future__ import annotations

import pytest

from kgsparql import stats
from kgsparql.llm import run_prompt, verbalize_fact, verbalize_path, verbalize_paths
from kgsparql.llm.scripted import ScriptedLLM
from kgsparql.types import Entity, Path, Relation, Triple

E = lambda name: Entity.iri(f"https://kg.example/e/{name.replace(' ', '_')}", name)  # noqa: E731
KISMET, DIETERLE, DIETRICH, COLMAN = E("Kismet"), E("William Dieterle"), E("Marlene Dietrich"), E("Ronald Colman")
DIRECTED = Relation("https://kg.example/r/directed_by")
STARRED = Relation("https://kg.example/r/starred_actors")
PATHS = [Path((Triple(KISMET, DIRECTED, DIETERLE),)), Path((Triple(KISMET, STARRED, DIETRICH),)),
         Path((Triple(KISMET, STARRED, COLMAN),))]
TEXTS = verbalize_paths(PATHS)
ENDS = [p.end for p in PATHS]


def _step(name: str, output: str, fallback, paths=PATHS, **extra):
    llm = ScriptedLLM.replying([output])
    with stats.collect() as st:
        step = run_prompt(llm, name, fallback=fallback, question="who acted in Kismet", paths=paths, **extra)
    return step, st, llm


def test_verbalisation():
    assert TEXTS[0] == "Kismet -> directed by -> William Dieterle"
    back = Path((Triple(DIETERLE, DIRECTED.reversed(), KISMET), Triple(KISMET, STARRED, COLMAN)))
    assert verbalize_path(back) == "William Dieterle <- directed by <- Kismet -> starred actors -> Ronald Colman"
    assert verbalize_fact(back.triples[0]) == "Kismet directed by William Dieterle"
    assert verbalize_path(PATHS[0], lambda r: "was directed by") == "Kismet -> was directed by -> William Dieterle"
    assert verbalize_path(Path(())) == ""


@pytest.mark.parametrize("output, expected", [
    ("Marlene Dietrich, Ronald Colman", [DIETRICH, COLMAN]),
    ("The answer is: Ronald Colman.", [COLMAN]),
    ('Based on path 2, the answer is "Marlene Dietrich".', [DIETRICH]),
    ("2, 3", [DIETRICH, COLMAN]),                         # a path number names its end entity
    ("```\nmarlene dietrich\n```", [DIETRICH]),
])
def test_reason_maps_answers_onto_the_candidates(output, expected):
    step, st, llm = _step("frag/reason", output, [DIETERLE], candidates=ENDS)
    assert step.source == "llm" and step.value == expected and st.parse_failures == 0
    assert "1. Kismet -> directed by -> William Dieterle" in llm.calls[0]["prompt"][-1]["content"]


def test_reason_accepts_verbalised_paths_too():
    step, _, llm = _step("frag/reason", "Ronald Colman", [], paths=TEXTS, candidates=ENDS)
    assert step.value == [COLMAN]
    numbers, _, _ = _step("frag/reason", "3", [], paths=TEXTS, candidates=ENDS)
    assert numbers.source == "fallback"           # path numbers need Path objects to name an end


def test_reason_returns_each_entity_once():
    twice = [Path((Triple(KISMET, STARRED, COLMAN),)), Path((Triple(KISMET, DIRECTED, COLMAN),))]
    step = run_prompt(ScriptedLLM.replying(["Ronald Colman, ronald colman"]), "frag/reason", [], question="q", paths=twice,
                      candidates=[COLMAN])
    assert step.value == [COLMAN]


def test_reason_raw_variant():
    llm = ScriptedLLM.replying([" Marlene Dietrich, Ronald Colman\nPaths:"], few_shot=True)
    step = run_prompt(llm, "frag/reason", [], question="who acted in Kismet", paths=PATHS, candidates=ENDS)
    sent = llm.calls[0]["prompt"]
    assert sent.endswith("3. Kismet -> starred actors -> Ronald Colman\nQuestion: who acted in Kismet\nAnswer:")
    assert step.value == [DIETRICH, COLMAN]


@pytest.mark.parametrize("output", ["I don't know", "Orson Welles", "", "7"])
def test_reason_garbage_falls_back(output):
    step, st, _ = _step("frag/reason", output, [DIETERLE], candidates=ENDS)
    assert step.source == "fallback" and step.value == [DIETERLE] and st.parse_failures == 1


@pytest.mark.parametrize("output, expected", [
    ("2", [1]),
    ("Paths 2 and 3.", [1, 2]),
    ("The correct path is **3**.", [2]),
    ("Kismet -> starred actors -> Ronald Colman", [2]),   # quoting the path itself
])
def test_feedback_returns_path_indices(output, expected):
    step, st, _ = _step("frag/feedback", output, [0])
    assert step.source == "llm" and step.value == expected and st.parse_failures == 0


def test_feedback_with_verbalised_paths():
    step, _, _ = _step("frag/feedback", "Kismet -> directed by -> William Dieterle", [0], paths=TEXTS)
    assert step.value == [0]


@pytest.mark.parametrize("output", ["none of them", "7", "path 12"])
def test_feedback_garbage_falls_back(output):
    step, st, _ = _step("frag/feedback", output, [0])
    assert step.source == "fallback" and step.value == [0] and st.parse_failures == 1

"""RefKG's parts: the prompts' parsers through run_prompt with a scripted model, the decoupling
rules, the bounded exploration on a small real store, and the scorer plugin kind."""
from __future__ import annotations

import pytest

from kgsparql import stats
from kgsparql.llm import run_prompt
from kgsparql.llm.scripted import ScriptedLLM
from kgsparql.methods.refkg.exploration import explore
from kgsparql.methods.refkg.decoupling import check_subsets, decouple, decouple_free, entity_subsets
from kgsparql.registry import available
from kgsparql.types import Entity

from kgtest import lines_adapter

E = lambda name: Entity.iri(f"https://kg.example/e/{name.replace(' ', '_')}", name)  # noqa: E731
STREEP, HANKS, RYAN = E("Meryl Streep"), E("Tom Hanks"), E("Meg Ryan")


def _run(name: str, output: str, **variables):
    llm = ScriptedLLM.replying([output])
    with stats.collect() as st:
        step = run_prompt(llm, name, fallback=None, **variables)
    return step, st, llm


def test_decouple_parses_sub_queries_with_their_entity_subsets():
    text = "Which movies did Meryl Streep star in? [Meryl Streep] | Who directed those movies? []"
    step, st, llm = _run("refkg/decouple", text, question="who directed Meryl Streep's movies", entities=[STREEP])
    assert step.value == [("Which movies did Meryl Streep star in?", [STREEP]), ("Who directed those movies?", [])]
    assert st.parse_failures == 0 and "Meryl Streep" in llm.calls[0]["prompt"][-1]["content"]


@pytest.mark.parametrize("output", ["Who directed it? []",                       # covers no entity
                                    "Which films star them? [Tom Hanks, Meg Ryan, Meryl Streep]",  # three in one
                                    "%%% no idea &&&"])
def test_decouple_output_breaking_the_papers_rules_is_a_parse_failure(output):
    step, st, _ = _run("refkg/decouple", output, question="q", entities=[HANKS, RYAN, STREEP])
    assert step.source == "fallback" and st.parse_failures == 1


def test_decouple_falls_back_to_the_llm_free_decoupler():
    subs, source = decouple(ScriptedLLM.replying(["nonsense"]), "which films star Tom Hanks", [HANKS])
    assert source == "fallback" and subs == decouple_free("which films star Tom Hanks", [HANKS])
    subs, source = decouple(None, "q", [HANKS, RYAN, STREEP])
    assert source == "fallback" and [len(s.entities) for s in subs] == [2, 1]


def test_entity_subsets_cover_the_entities_with_at_most_two_each():
    people = [E(f"P{i}") for i in range(5)]
    subsets = entity_subsets(people)
    assert max(map(len, subsets)) == 2 and {e for s in subsets for e in s} == set(people)
    assert check_subsets(decouple_free("q", people), people) is None


@pytest.mark.parametrize("output, expected", [("2, 1", [1, 0]), ("written by", [2]), ("Answer: 3", [2]),
                                              ("1, 2, 3, 2", [0, 1, 2])])
def test_relations_parser_reads_numbers_or_names_at_most_k(output, expected):
    relations = ["directed by", "starred actors", "written by", "release year"]
    step, st, _ = _run("refkg/relations", output, subquery="q", entities=[STREEP], relations=relations, k=3)
    assert step.value == expected and st.parse_failures == 0


def test_answer_and_reconstruct_parsers():
    step, _, _ = _run("refkg/answer", "The answer is Tom Hanks.", question="q", knowledge="k", candidates=[HANKS, RYAN])
    assert step.value == [HANKS]
    facts = ["Big starred actors Tom Hanks"]
    step, _, _ = _run("refkg/reconstruct", "Tom Hanks starred in Big.", question="q", facts=facts, names=["Big", "Tom Hanks"])
    assert step.value == "Tom Hanks starred in Big"
    step, st, _ = _run("refkg/reconstruct", "I cannot help.", question="q", facts=facts, names=["Big", "Tom Hanks"])
    assert step.source == "fallback" and st.parse_failures == 1


def test_exploration_follows_only_the_chosen_relations_and_skips_hub_fan_out():
    lines = [f"Hub|produced|Film {i}" for i in range(50)] + ["Hub|founded_by|Ada", "Ada|born_in|Malmo",
                                                           "Film 1|directed_by|Bo"]
    adapter = lines_adapter(lines)
    hub = adapter.lookup("Hub")[0]
    picked = []

    def choose(hop, chains, relations, frontier):
        picked.append(sorted(adapter.verbalize(r) for r in relations))
        return list(relations)          # everything: the caps must still bound it

    with stats.collect() as st:
        found = explore(adapter, [hub], choose, max_hops=2, fanout_cap=10, max_frontier=100, max_edges=100)
        found.record()
    assert picked[0] == ["founded by", "produced"]
    # fetched: Hub-Ada, then Ada-Malmo and Ada-Hub (the way back is fetched but never a path)
    assert found.edges == 3 and any("50 objects" in s for s in found.skipped)
    assert {p.end.name for p in found.paths} == {"Ada", "Malmo"}
    assert st.counts == {"explored_entities": 3, "explored_edges": 3}


def test_scorer_is_a_plugin_kind_with_minilm_built_in():
    assert "minilm" in available("scorer")

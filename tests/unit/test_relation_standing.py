"""RelationStanding with the real MiniLM encoder: on a small KG the chosen relation must stand out from
the KG's own relations for the question, not merely be the closest of a few (docs/abstention.md)."""
from __future__ import annotations

import pytest

from kgsparql.meaning import RelationMatcher
from kgsparql.methods.abstention import AbstentionOptions
from kgsparql.methods.relation_standing import RelationStanding
from kgsparql.rank import build_ranker

CLUBS = {name: (name,) for name in ("home ground", "league", "city", "head coach", "founded in",
                                     "plays for", "position", "nationality", "born in", "capacity")}


@pytest.fixture(scope="module")
def matcher():
    return RelationMatcher(encoder=build_ranker("embedding"))


def standing(matcher, kg, **options):
    return RelationStanding(matcher, lambda: kg, AbstentionOptions(**options))


@pytest.mark.parametrize("question, hop", [
    ("who coaches x?", "head coach"), ("where was x born?", "born in"), ("what nationality is x?", "nationality")])
def test_a_relation_the_question_asks_for_stands_out(matcher, question, hop):
    parts: dict = {}
    assert standing(matcher, CLUBS).stands_out(question, {hop: (hop,)}, parts)
    assert parts["standing"] >= AbstentionOptions().standing_min


@pytest.mark.parametrize("question, hop", [("how tall is x?", "position"), ("who is x married to?", "league")])
def test_the_closest_of_a_few_unrelated_relations_does_not(matcher, question, hop):
    parts: dict = {}
    assert not standing(matcher, CLUBS).stands_out(question, {hop: (hop,)}, parts)
    assert parts["standing"] < AbstentionOptions().standing_min


def test_a_kg_with_more_relations_than_the_limit_is_not_judged(matcher):
    assert standing(matcher, CLUBS, outside_max_relations=5).stands_out("how tall is x?", {"position": ("position",)})


def test_the_bar_is_validated_at_construction():
    with pytest.raises(Exception):
        AbstentionOptions(standing_min=1.5)


@pytest.mark.parametrize("kind_fit, trained, witnessed", [
    (1.24, (0.99, 0.99), True),      # people asked by "who", the scorer's first chain
    (1.06, (1.0, 1.0), False),       # ends that look no more like people than like places
    (1.24, (0.01, 0.99), False),     # the scorer prefers another chain
    (None, (0.99, 0.99), False)])    # a number, a date or no kind asked: no witness
def test_a_hop_below_the_bar_needs_the_scorer_and_the_kind_asked(matcher, kind_fit, trained, witnessed):
    parts = {"trained": trained[0], "trained_top": trained[1]}
    read = None if kind_fit is None else (lambda: kind_fit)
    assert standing(matcher, CLUBS).kind_witness(parts, read) is witnessed
    assert ("kind_fit" in parts) is (kind_fit is not None and trained[0] >= trained[1])   # read only then


def test_the_kind_witness_can_be_turned_off(matcher):
    parts = {"trained": 1.0, "trained_top": 1.0}
    assert not standing(matcher, CLUBS, standing_kind_fit=0.0).kind_witness(parts, lambda: 1.5)
    with pytest.raises(Exception):
        AbstentionOptions(standing_kind_fit=2.5)

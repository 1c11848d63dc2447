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

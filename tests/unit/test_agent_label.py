"""``methods/agent_label.py``: "where" answered forwards along a "<verb> by" label whose ends read as no
place (hand-built inputs; the ends' fit is given as a number)."""
from __future__ import annotations

from types import SimpleNamespace

from kgsparql.methods.agent_label import agent_for_place, asks_place

FORTH, BACK = (SimpleNamespace(inverse=False),), (SimpleNamespace(inverse=True),)


def test_where_along_a_by_label_to_a_person_is_the_agent_not_the_place():
    assert agent_for_place("Where was x invented?", ["invented by"], FORTH, {}, lambda: 0.8)


def test_ends_that_read_as_a_place_are_kept():
    assert not agent_for_place("Where is x?", ["enclosed by"], FORTH, {}, lambda: 1.2)


def test_a_label_of_another_shape_or_walked_backwards_is_not_read():
    assert not agent_for_place("Where was x invented?", ["inventor"], FORTH, {}, lambda: 0.8)
    assert not agent_for_place("Where was x invented?", ["invented by"], BACK, {}, lambda: 0.8)


def test_a_question_that_asks_no_place_or_a_prior_is_not_read():
    assert not agent_for_place("Who invented x?", ["invented by"], FORTH, {}, lambda: 0.8)
    assert not agent_for_place("Where was x invented?", ["invented by"], FORTH, {"prior": 0.3}, lambda: 0.8)
    assert not agent_for_place("Where was x invented?", ["invented by"], FORTH, {}, None)


def test_the_place_is_read_from_the_first_words():
    assert asks_place("where did x grow up") and not asks_place("who built the hall where x plays")

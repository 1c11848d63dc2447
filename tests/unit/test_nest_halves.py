"""The halves of a nested question: the noun phrase around the topic and the rest asked of it
(``frag.bridges.nest_halves``), in phrasings written here."""
from __future__ import annotations

import pytest

from kgsparql.linking.topics import MASK
from kgsparql.methods.frag.bridges import nest_halves


@pytest.mark.parametrize("question, inner, outer", [
    ("Which poems were printed by presses located in X?", "presses located in X", "Which poems were printed by X?"),
    ("Where is the bakery opened by X?", "the bakery opened by X", "Where is X?"),
    ("On which street is the shop where X was repaired?", "the shop where X was repaired", "On which street is X?"),
    ("Which sailors were born in towns in X?", "towns in X", "Which sailors were born in X?"),
])
def test_the_phrase_around_the_topic_and_the_rest(question, inner, outer):
    assert nest_halves(question.replace("X", MASK)) == (inner.replace("X", MASK), outer.replace("X", MASK))


@pytest.mark.parametrize("question", ["Who repaired X?", "Which boats did X sail?", "Which sailors sailed X?"])
def test_nothing_nests(question):
    assert nest_halves(question.replace("X", MASK)) is None

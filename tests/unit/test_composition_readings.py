"""English readings of a composition's halves: the noun the question asks for is no anchor, the inner
phrase asks *which* noun, a rest that only names [#1]'s kind may take two hops, and a noun after the
topic may close its clause. Words only: no KG, no model."""
from __future__ import annotations

import pytest

from kgsparql.methods.kelgop.categories import asked_noun_mention
from kgsparql.methods.kelgop.clause_readings import asked_reading
from kgsparql.methods.kelgop.composition import _COPULA_OUTER
from kgsparql.methods.kelgop.nested_phrases import compositions


def _span(question: str, words: str) -> tuple[int, int]:
    start = question.index(words)
    return start, start + len(words)


@pytest.mark.parametrize("question, words, expected", [
    ("Who was the 2010 Governor of the state that houses the harbour?", "Governor", True),
    ("Which Country, ruled by the council, speaks Portuguese?", "Country", False),   # an apposition may follow
    ("Who was the President that spoke about the war?", "President", True),
    ("Who was the Vice President when the actor was president?", "Vice President", True),
    ("What Caribbean countries use the dollar?", "Caribbean", False),        # a noun follows: it qualifies it
    ("Who directed Alien?", "Alien", False),
    ("Which films did Ridley Scott direct?", "Ridley Scott", False),
])
def test_the_noun_asked_for_is_told_from_an_entity_of_the_question(question, words, expected):
    assert asked_noun_mention(question, *_span(question, words)) is expected


@pytest.mark.parametrize("phrase, asked", [
    ("the studio where X was recorded", "which studio where X was recorded"),
    ("The band behind X", "which band behind X"),
    ("an island near X", "which island near X"),
    ("where X was recorded", "where X was recorded"),
])
def test_the_inner_phrase_asks_which_noun(phrase, asked):
    assert asked_reading(phrase) == asked


@pytest.mark.parametrize("outer, expected", [
    ("which country is X", True), ("What city was X in?", True), ("which region is X part of", True),
    ("In which country is X?", True),
    ("what currency is used in X", False), ("who founded X", False), ("what is X", False),
])
def test_a_rest_that_only_names_the_kind_of_its_topic(outer, expected):
    assert bool(_COPULA_OUTER.match(outer)) is expected


def test_a_noun_after_the_topic_may_close_the_clause():
    first, second = compositions("Where does the Ireland team that won the X championship play?", "X")
    assert (first.inner, first.outer) == ("the Ireland team that won the X", "Where does X championship play?")
    assert (second.inner, second.outer) == ("the Ireland team that won the X championship", "Where does X play?")


@pytest.mark.parametrize("question", [
    "What movies did the person who went to X direct?",       # one word after the topic: the rest's verb
    "What currency is used in the country with X today?",     # no auxiliary before the clause
])
def test_a_clause_keeps_its_one_reading(question):
    assert len([c for c in compositions(question, "X") if c.kind == "clause"]) == 1

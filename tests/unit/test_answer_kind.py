"""The kind of a chain's ends against the kind of answer a question asks for: dates answer "when"
and "what year", never "who wrote X" or "how long is X" (docs/abstention.md, ``answer_kind``)."""
from __future__ import annotations

import pytest

from kgsparql.methods.answer_kind import dates_unasked, looks_like_date, undated
from kgsparql.types import XSD, Entity, Literal

from kgtest import lines_adapter

ROWS = ["Tooth Fairy|release_year|2010", "Tooth Fairy|has_genre|Comedy", "Tooth Fairy|starred_actors|Dwayne Johnson"]


def _ends(relation_label: str) -> list[Entity]:
    """What the relation reaches from Tooth Fairy in a real (in-memory) store: the years are nodes."""
    adapter = lines_adapter(ROWS)
    topic = next(e for e in adapter.lookup("Tooth Fairy") if e.name == "Tooth Fairy")
    relation = next(rc.relation for rc in adapter.relations([topic], "out")
                    if adapter.verbalize(rc.relation) == relation_label)
    return [t.tail for t in adapter.neighbors([topic], relation)]


def test_years_and_dates_look_like_dates_people_do_not():
    assert [looks_like_date(e) for e in _ends("release year")] == [True]
    assert not any(looks_like_date(e) for e in _ends("starred actors") + _ends("has genre"))
    assert looks_like_date(Entity(Literal("1944-01-01T00:00:00Z", XSD + "dateTime")))
    assert looks_like_date(Entity(Literal("1944", XSD + "gYear")))
    assert not looks_like_date(Entity(Literal("12", XSD + "integer")))


@pytest.mark.parametrize("question", ["Who wrote Tooth Fairy?", "How long is Tooth Fairy?",
                                      "What was the budget of Tooth Fairy?"])
def test_a_question_that_asks_no_date_is_not_answered_by_one(question):
    assert dates_unasked(question, _ends("release year"))


@pytest.mark.parametrize("question", ["When did Tooth Fairy come out?", "What year was Tooth Fairy released?",
                                      "Release date of Tooth Fairy?", "How many films came out with Tooth Fairy?"])
def test_a_question_about_a_date_is(question):
    assert not dates_unasked(question, _ends("release year"))


def test_other_answers_and_no_answers_are_left_alone():
    assert not dates_unasked("Who starred in Tooth Fairy?", _ends("starred actors"))
    assert not dates_unasked("Who wrote Tooth Fairy?", [])


def test_a_when_question_answered_with_names_that_hold_no_number_is_undated():
    actors, years = _ends("starred actors"), _ends("release year")
    assert undated("When was Tooth Fairy released?", actors)
    assert undated("What year did Tooth Fairy come out?", ["george_darwin"])
    assert not undated("When was Tooth Fairy released?", years)
    assert not undated("When did the Giants win the World Series?", ["2010 World Series"])   # a dated event
    assert not undated("Who starred in Tooth Fairy?", actors) and not undated("When was it released?", [])
    assert not undated("Who did Brad Pitt date?", actors)           # "date" the verb asks for a person
    assert not undated("Which team with a founding date of 1919 did he coach?", ["Bears"])   # a constraint

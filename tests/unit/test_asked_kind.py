"""The asked noun ("which *country*", "in which *city*") names the kind of the answer, and a label of
the KG it also names is no rival of a chain whose ends are that kind (methods/asked_kind.py)."""
from __future__ import annotations

import pytest

from kgsparql.methods.answer_kind import dated_count, without_time_frame
from kgsparql.methods.asked_kind import asked_noun, ends_of_kind, framed_relation, noun_labels
from kgsparql.types import Entity, Literal

from kgtest import lines_adapter


@pytest.mark.parametrize("question, noun", [
    ("Which country is X from?", "country"), ("In which city is the museum that holds X?", "city"),
    ("What kind of music does X play?", "music"), ("what films did X direct", "films"),
    ("What is the country of origin of X?", None), ("What did X write?", None), ("Who wrote X?", None),
    ("Which of the films did X direct?", None)])
def test_the_noun_after_which_or_what_is_the_asked_noun(question, noun):
    assert asked_noun(question) == noun


def test_a_label_only_the_asked_noun_names_is_set_aside_the_chains_own_and_others_named_elsewhere_are_not():
    evidence = {"country": {"home country": 1.0, "in country": 1.0}, "founded": {"founded by": 1.0}}
    assert noun_labels(evidence, "country", {"home country"}) == {"in country"}
    assert noun_labels({**evidence, "in": {"in country": 0.8}}, "country", set()) == {"home country"}
    assert noun_labels(evidence, None, set()) == set()


ROWS = ["Siemens|home_country|Germany", "Siemens|headquarters_city|Munich", "Munich|in_country|Germany",
        "Mona Lisa|painted_by|Leonardo", "ICE 3|manufacturer|Siemens"]


def _entity(adapter, name: str) -> Entity:
    return next(e for e in adapter.lookup(name) if e.name == name)


def test_the_ends_hold_the_label_on_the_side_the_noun_names():
    adapter = lines_adapter(ROWS)
    germany, munich, siemens = (_entity(adapter, n) for n in ("Germany", "Munich", "Siemens"))
    assert ends_of_kind(adapter, [germany], {"home country", "in country"}, "country") == {"home country", "in country"}
    assert ends_of_kind(adapter, [munich], {"headquarters city"}, "city") == {"headquarters city"}
    assert ends_of_kind(adapter, [siemens], {"home country"}, "country") == set()     # it holds one, it is none
    painting = _entity(adapter, "Mona Lisa")
    assert ends_of_kind(adapter, [painting], {"painted by"}, "paintings") == {"painted by"}   # not the head: holders


def test_a_time_frame_asks_no_date_and_a_count_is_no_date():
    assert without_time_frame("How many visitors does X get each year?") == "How many visitors does X get ?"
    assert without_time_frame("What year did X open?") == "What year did X open?"
    assert without_time_frame("In which year per se") == "In which year per se"
    year = [Entity(Literal("1800"))]
    assert dated_count("How many copies did X sell?", year)
    assert not dated_count("How many copies did X sell?", [Entity(Literal("12"))])
    assert not dated_count("When did X open?", year) and not dated_count("How many?", [])


@pytest.mark.parametrize("question, relation", [
    ("Who is the CEO of Valve?", "CEO"), ("what are the school colors of x?", "school colors"),
    ("What is the capital of the country x comes from?", "capital"), ("What is the name of x's wife?", None),
    ("Which university did the CEO of x attend?", None), ("Who directed x?", None)])
def test_what_is_the_n_of_x_names_its_relation_in_so_many_words(question, relation):
    assert framed_relation(question) == relation


def test_headed_by_reads_the_head_word_singular_or_plural():
    from kgsparql.methods.asked_kind import headed_by
    assert headed_by("headquarters city", "cities")
    assert headed_by("country of origin", "country")
    assert not headed_by("city of birth", "birth")
    assert not headed_by("painted by", "paintings")

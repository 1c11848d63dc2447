"""A name written shorter than the KG writes it, on a real in-memory store: "United States" reads as
the best-connected label it begins (*United States of America*, not *United States Dollar*), a label
that only ends in the span is no reading of it, and a span some label matches exactly is left alone."""
from __future__ import annotations

from kgsparql.linking import EntityLinker
from kgsparql.linking.contained import contained_readings
from kgsparql.linking.index import LabelIndex
from kgsparql.linking.matching import index_readings
from kgsparql.linking.text import tokens
from kgtest import lines_kg

BASE = "https://kgsparql.example/"
ROWS = """United States of America|religion|Buddhism
United States of America|religion|Hinduism
United States of America|currency|United States Dollar
United States of America|contains|Kentucky
Kushinagar|contained_by|India
Kushinagar|sacred_site_of|Buddhism
Tupac Shakur|acted_in|Juice
Larry Banks|cinematographer_of|Juice
Barcelona Cathedral|located_in|Barcelona
"""


def make_linker(tmp_path, **linking) -> EntityLinker:
    return EntityLinker(lines_kg(tmp_path, ROWS, BASE, **linking))


def _linked(result) -> dict[str, str]:
    return {m.text: m.candidates[0].entity.label for m in result.mentions if m.candidates}


def test_a_shorter_name_reads_as_the_best_connected_label_it_begins(tmp_path):
    found = _linked(make_linker(tmp_path).link("What type of religion in the United States has the Kushinagar site?"))
    assert found["United States"] == "United States of America"
    assert found["Kushinagar"] == "Kushinagar"


def test_a_single_name_reaches_the_full_name(tmp_path):
    found = _linked(make_linker(tmp_path).link("What movie with cinematography by Larry Banks did Tupac play in?"))
    assert found == {"Larry Banks": "Larry Banks", "Tupac": "Tupac Shakur"}


def test_without_the_option_the_short_name_is_not_linked(tmp_path):
    question = "What movie with cinematography by Larry Banks did Tupac play in?"
    assert "Tupac" not in _linked(make_linker(tmp_path, contained=False).link(question))


def test_a_label_that_only_ends_in_the_span_is_no_reading():
    index = LabelIndex([("a", "Barcelona Cathedral"), ("b", "Tupac Shakur")])
    toks = tokens("Which Cathedral did Tupac visit?")
    found = contained_readings(index, toks, [], lambda entities: {})
    assert [(toks[r.i].text, r.entity.label) for r in found] == [("Tupac", "Tupac Shakur")]


def test_a_span_already_matched_is_left_alone():
    index = LabelIndex([("a", "Kushinagar"), ("b", "Kushinagar District")])
    toks = tokens("Where is Kushinagar?")
    exact = index_readings(index, toks)
    assert exact and contained_readings(index, toks, exact, lambda entities: {}) == []


def test_a_label_that_goes_on_otherwise_than_the_question_is_no_reading():
    index = LabelIndex([("a", "National Anthem of Chile")])
    toks = tokens("Which country has the National Anthem of Guatemala?")
    found = contained_readings(index, toks, [], lambda entities: {})
    assert [r.entity.label for r in found] == []


def test_a_name_written_in_full_is_not_another_that_begins_with_one_of_its_words():
    index = LabelIndex([("a", "Anthony of Padua"), ("b", "Mark Twain"), ("c", "Tupac Shakur")])
    toks = tokens("What city is the home of Lala Anthony and Mark Barone?")
    assert contained_readings(index, toks, [], lambda entities: {}) == []
    toks = tokens("Where did Anthony live?")
    assert [r.entity.label for r in contained_readings(index, toks, [], lambda entities: {})] == ["Anthony of Padua"]


def test_a_common_word_opening_the_question_is_no_name():
    index = LabelIndex([("a", "Someone Marry Barry"), ("b", "Tupac Shakur")])
    common = frozenset({"someone", "name"})
    toks = tokens("Someone directed the film?")
    assert contained_readings(index, toks, [], lambda entities: {}, common) == []
    assert len(contained_readings(index, toks, [], lambda entities: {})) == 1     # without the vocabulary
    toks = tokens("Name Tupac films")
    assert [r.entity.label for r in contained_readings(index, toks, [], lambda e: {}, common)] == ["Tupac Shakur"]

"""The parsing helpers every prompt parser is built from."""
from __future__ import annotations

import pytest

from kgsparql.errors import ParseError
from kgsparql.llm.parsing import clean_answer, label, match_candidates, match_numbers
from kgsparql.types import Entity, Literal

DIETERLE = Entity.iri("https://kg.example/e/William_Dieterle", "William Dieterle")
DIETRICH = Entity.iri("https://kg.example/e/Marlene_Dietrich", "Marlene Dietrich")
YEAR = Entity(Literal("1944"))
CANDIDATES = [DIETERLE, DIETRICH, YEAR]


@pytest.mark.parametrize("text, expected", [
    (" William Dieterle", "William Dieterle"),
    ("The answer is: William Dieterle.", "William Dieterle"),
    ('**Answer:** "William Dieterle"', "William Dieterle"),
    ("1. William Dieterle\nsome trailing text", "William Dieterle"),
    ("\n\n`1944`", "1944"),
    ("Final answer: William Dieterle", "William Dieterle"),
    ("It's a Wonderful Life", "It's a Wonderful Life"),       # titles are not lead-ins
    ("Answers to Nothing", "Answers to Nothing"),
])
def test_clean_answer(text, expected):
    assert clean_answer(text) == expected


def test_label_uses_entity_names_and_strings():
    assert label(DIETERLE) == "William Dieterle" and label(YEAR) == "1944" and label("x") == "x"


@pytest.mark.parametrize("text, expected", [
    ("William Dieterle", [DIETERLE]),
    ("william dieterle", [DIETERLE]),                                      # case-insensitive
    ("The answer is: William Dieterle.", [DIETERLE]),
    ("Kismet was directed by William Dieterle in 1944.", [DIETERLE, YEAR]),  # mentions, in order
    ("Marlene Dietrich, William Dieterle", [DIETRICH, DIETERLE]),
    ("2", [DIETRICH]),                                                     # candidate number
    ("Candidate [3]", [YEAR]),
    ("Wiliam Dieterle", [DIETERLE]),                                       # fuzzy
    ("Marlene Dietrch and Wiliam Dieterle", [DIETRICH, DIETERLE]),
    ("It's William Dieterle!", [DIETERLE]),
    ("Sure, here is the answer:\n\n**William Dieterle**", [DIETERLE]),   # past a chatty first line
    ("1944\nMarlene Dietrich", [YEAR]),                                    # the first line wins
])
def test_match_candidates(text, expected):
    assert match_candidates(text, CANDIDATES) == expected


def test_titles_that_look_like_lead_ins_still_match():
    films = ["It's a Wonderful Life", "Answers to Nothing"]
    assert match_candidates("It's a Wonderful Life", films) == films[:1]
    assert match_candidates("Answer: Answers to Nothing", films) == films[1:]


def test_longest_overlapping_name_wins():
    toy, toy2 = "Toy Story", "Toy Story 2"
    assert match_candidates("Toy Story 2", [toy, toy2]) == [toy2]
    assert match_candidates("Toy Story 2 and Toy Story", [toy, toy2]) == [toy2, toy]


def test_candidates_sharing_a_name_are_all_returned():
    a, b = Entity.iri("https://kg.example/a", "Kismet"), Entity.iri("https://kg.example/b", "Kismet")
    assert match_candidates("Kismet", [a, b]) == [a, b]


@pytest.mark.parametrize("text", ["", "   ", "I don't know.", "Orson Welles", "7", "**"])
def test_nothing_usable_raises_parse_error_with_the_raw_text(text):
    with pytest.raises(ParseError) as err:
        match_candidates(text, CANDIDATES)
    assert err.value.raw == text


def test_no_candidates_is_a_parse_error():
    with pytest.raises(ParseError):
        match_candidates("anything", [])


@pytest.mark.parametrize("text, count, expected", [
    ("2", 3, [1]),
    ("Path 2 and path 3.", 3, [1, 2]),
    ("**3**, 1", 3, [2, 0]),
    ("The correct path is 2 (released in 1944).", 3, [1]),                 # 1944 is out of range
    ("[1], [1]", 2, [0]),
])
def test_match_numbers(text, count, expected):
    assert match_numbers(text, count) == expected


@pytest.mark.parametrize("text", ["none of them", "7", "1944", ""])
def test_match_numbers_without_a_valid_number(text):
    with pytest.raises(ParseError):
        match_numbers(text, 3)

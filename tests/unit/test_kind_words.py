"""A word naming the kind of entity asked for is no relation the question asks for (methods/kind_words.py)."""
from __future__ import annotations

from kgsparql.methods.kind_words import without_kind_words


def test_a_kind_word_naming_part_of_a_label_is_left_out():
    evidence = {"companies": {"parent company": 1.0}, "found": {"founded by": 0.6}}
    assert without_kind_words("which companies did x found", evidence, {}) == {"found": {"founded by": 0.6}}
    city = {"city": {"capital city": 1.0}, "holds": {"housed in": 0.5}}
    assert "city" not in without_kind_words("in which city is the museum that holds x", city, {})


def test_a_label_the_question_names_in_full_stays():
    directors = {"directors": {"directed by": 1.0}}
    assert without_kind_words("which directors did x work with", directors, {}) == directors
    aliased = {"companies": {"parent": 1.0}}                     # an alias the question names in full
    assert without_kind_words("which companies is x the parent of", aliased, {"parent": ("parent company",)}) == aliased


def test_a_kind_word_that_names_one_label_in_full_keeps_the_others():
    evidence = {"publisher": {"published by": 1.0, "year published": 1.0}}
    assert without_kind_words("which publisher did x found", evidence, {}) == evidence


def test_other_words_and_likenesses_by_meaning_stay():
    coach = {"coaches": {"head coach": 1.0}}                      # a verb, not a kind of entity
    assert without_kind_words("who coaches x", coach, {}) == coach
    meant = {"companies": {"parent company": 0.62}}              # by meaning, not by spelling
    assert without_kind_words("which companies did x found", meant, {}) == meant


def test_a_label_named_by_more_than_the_kind_word_stays():
    year = {"year": {"first ascent year": 1.0}}
    assert without_kind_words("in what year was x first climbed", year, {}) == year

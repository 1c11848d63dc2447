"""Answers whose labels the question partly writes come first; otherwise the plan's order stands."""
from __future__ import annotations

from kgsparql.methods.kelgop.answer_order import named_first
from kgsparql.methods.kelgop.options import KelgopOptions
from kgsparql.types import IRI, Entity

LAUTNER = Entity(IRI("http://example.org/Taylor_Lautner"), "Taylor Lautner")


def test_the_answer_the_question_partly_names_goes_first():
    films = ["Abduction", "Eclipse", "Cheaper by the Dozen 2", "Grown Ups 2"]
    masked = "Which Cheaper by the Dozen film did X have a role?"
    assert named_first(masked, [LAUTNER], films)[0] == "Cheaper by the Dozen 2"
    rome = Entity(IRI("http://example.org/Rome"), "Rome")
    assert named_first("What Italian province is X located in?", [rome], ["Lazio", "Province of Rome"]) == (
        "Province of Rome", "Lazio")


def test_the_order_stands_when_no_answer_or_every_answer_is_named():
    films = ["Abduction", "Eclipse", "Twilight"]
    assert named_first("Which films did X appear in?", [LAUTNER], films) == tuple(films)
    series = ["2010 World Series", "2012 World Series"]
    assert named_first("Which World Series did X win?", [], series) == tuple(series)


def test_the_named_entities_words_do_not_count():
    """"Taylor" names the topic, not the answer: *Taylor Swift: Journey* does not go first for it."""
    films = ["Abduction", "Taylor Swift: Journey"]
    masked = "Which film did Taylor Lautner appear in?"
    assert named_first(masked, [LAUTNER], films) == tuple(films)


def test_it_is_an_option():
    assert KelgopOptions().named_first and not KelgopOptions(named_first=False).named_first


def test_the_kind_the_question_asks_for_does_not_count():
    """"what language": every answer is a language, whether or not its label says so."""
    haiti = Entity(IRI("http://example.org/Ouanaminthe"), "Ouanaminthe")
    languages = ["Haitian Creole", "French Language"]
    assert named_first("What language is spoken in X?", [haiti], languages) == tuple(languages)
    films = ["Abduction", "The Twilight Saga: New Moon"]
    assert named_first("Which movie did X appear in, the saga?", [LAUTNER], films)[0] == films[1]

"""Words about an unnamed thing rather than the link between the claim's entities: a relation that
only measures (numbers, dates), an indefinite noun between two entities, the values of a thing a
one-entity claim leaves unnamed; and names written whole in lower case."""
from __future__ import annotations

import pytest

from kgsparql.verify.relation_words import RelationWord
from kgsparql.verify.unheld import names_some_thing

from kgtest import evidence_verifier

EVIDENCE = (("Jane_Roe", "timeInSpace", '"2000.0"'), ("Jane_Roe", "mission", "Orbiter_7"),
            ("Comet_Nine", "discoverer", "Ann_Lee"), ("Comet_Nine", "absoluteMagnitude", '"11.5"'),
            ("Ann_Lee", "birthPlace", "Tbilisi"),
            ("Bandeja_paisa", "ingredient", "Chorizo"), ("Gouda_cheese", "country", "Netherlands"))


@pytest.fixture(scope="module")
def verifier(tmp_path_factory):
    with evidence_verifier(tmp_path_factory.mktemp("unnamed-things-home"), EVIDENCE, "unnamed-things") as v:
        yield v


def test_a_relation_that_measures_names_no_link_between_two_entities(verifier):
    result = verifier.verify("Jane Roe flew on the Orbiter 7 space mission.")      # "space": *time in space*
    assert result.verdict == "true", result.explanation


def test_the_values_of_a_thing_the_claim_leaves_unnamed(verifier):
    held = verifier.verify("Ann Lee found a comet that has an absolute magnitude of 11.5.")
    assert held.verdict == "true", held.explanation
    assert any(len(path) == 2 for path, supports in held.evidence if supports)     # Ann Lee <- Comet Nine -> 11.5
    other = verifier.verify("Ann Lee found a comet that has an absolute magnitude of 14.2.")
    assert other.verdict != "true", other.explanation


def test_a_whole_name_in_lower_case_is_a_mention(verifier):
    right = verifier.verify("Chorizo is an ingredient in bandeja paisa.")
    assert right.verdict == "true", right.explanation
    assert "Bandeja paisa" in str(right.plan["entities"])
    wrong = verifier.verify("Gouda cheese is an ingredient in bandeja paisa.")
    assert wrong.verdict == "false", wrong.explanation


@pytest.mark.parametrize("text, word, some", [
    ("X is located in a country with Rome as its capital.", "country", True),
    ("X is the club of a soccer manager who managed Y.", "manager", True),
    ("X is the capital of Y.", "capital", False),
    ("X was directed by Y.", "directed", False),
])
def test_a_word_heading_an_indefinite_noun_phrase_names_a_thing(text, word, some):
    w = RelationWord(word, text.index(word), frozenset({word}))
    assert names_some_thing(text, w) is some

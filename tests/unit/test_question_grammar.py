"""What the question's words settle about a relation on a KG nobody trained on: a label read with
its head word ("lead developer" is not "developer", ``methods/head_words.py``) and the direction of
a "<verb> by" relation (``methods/passive_direction.py``)."""
from __future__ import annotations

import pytest

from kgsparql.methods.head_words import head_word_rival
from kgsparql.methods.passive_direction import topic_role


def test_a_label_is_read_with_its_head_word():
    """"lead developer" is not "developer": the narrower label the question names in full, or the
    broader one when the chain's modifier is not in the question."""
    labels = ["developer", "lead developer", "license", "initial release"]
    assert head_word_rival("Who is the lead developer of X?", ["developer"], labels) == "lead developer"
    assert head_word_rival("Which organisation develops X?", ["lead developer"], labels) == "developer"
    assert head_word_rival("Who is the lead developer of X?", ["lead developer"], labels) is None
    assert head_word_rival("Which company develops X?", ["developer"], labels) is None
    assert head_word_rival("Where does X work?", ["field of work"], ["works at", "field of work"]) == "works at"


def test_a_noun_inside_a_longer_chain_names_a_kind_not_a_broader_relation():
    labels = ["country", "origin country", "capital"]
    question = "What is the capital of the country X comes from?"
    assert head_word_rival(question, ["origin country", "capital"], labels) is None
    assert head_word_rival("Which country does X come from?", ["origin country"], labels) == "country"


@pytest.mark.parametrize("question,label,role", [
    ("which languages influenced x", "influenced by", "patient"), ("who founded x", "founded by", "patient"),
    ("who was x influenced by", "influenced by", "patient"), ("when was x founded", "founded by", "patient"),
    ("which languages were influenced by x", "influenced by", "agent"),
    ("what did x influence", "influenced by", "agent"), ("which companies did x found", "founded by", "agent"),
    ("what films were directed by the x", "directed by", "agent")])
def test_the_topic_role_of_a_verb_by_relation(question, label, role):
    assert topic_role(question, label) == role


def test_no_role_without_the_shape_or_the_verb():
    assert topic_role("who wrote x", "written by") is None          # another verb
    assert topic_role("which languages influenced x", "author") is None   # no "<verb> by" label
    assert topic_role("which languages influenced it", "influenced by") is None   # no topic

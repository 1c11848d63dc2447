"""``methods/unread_direction.py``: "who" along one hop walked backwards, and a count of entities, where
no word of the question names the chain and only the meaning view recognised it (hand-built inputs)."""
from __future__ import annotations

from types import SimpleNamespace

from kgsparql.methods.unread_direction import backward_person, topic_is_subject, uncounted

BACK = (SimpleNamespace(inverse=True),)
FORTH = (SimpleNamespace(inverse=False),)
MEANING_ONLY = {"alignment": 0.0, "meaning": 0.3}


def test_who_along_a_backward_hop_no_word_names_is_unread():
    assert backward_person("Whom did x marry?", BACK, MEANING_ONLY)


def test_the_same_hop_walked_forwards_is_read():
    assert not backward_person("Whom did x marry?", FORTH, MEANING_ONLY)


def test_the_topic_after_the_verb_is_its_object_and_a_backward_hop_fits():
    assert not backward_person("Who is employed at x?", BACK, MEANING_ONLY)


def test_the_topic_as_subject_or_possessor():
    assert topic_is_subject("Who was x wed to?") and topic_is_subject("who is x's partner")
    assert topic_is_subject("Whom did the x hire?")
    assert not topic_is_subject("Who hired x?") and not topic_is_subject("Who is the partner of x?")


def test_a_word_naming_the_hop_reads_its_direction():
    assert not backward_person("Who is x employed by?", BACK, {**MEANING_ONLY, "alignment": 0.8})


def test_a_question_asking_no_person_is_not_read_here():
    assert not backward_person("Which towns did x marry?", BACK, MEANING_ONLY)


def test_a_trained_prior_speaks_for_itself():
    assert not backward_person("Whom did x marry?", BACK, {**MEANING_ONLY, "prior": 0.1})


def test_two_hops_are_not_read_here():
    assert not backward_person("Whom did x marry?", BACK * 2, MEANING_ONLY)


def test_a_count_along_a_hop_only_meaning_recognised_and_no_word_names_is_uncounted():
    assert uncounted({"chain": "label", "recognised": ["meaning"], "alignment": 0.0})


def test_a_count_whose_words_name_the_hop_is_counted():
    assert not uncounted({"chain": "label", "recognised": ["meaning"], "alignment": 0.5})
    assert not uncounted({"chain": "label", "recognised": ["alignment", "meaning"], "alignment": 0.9})


def test_a_count_without_a_match_is_not_refused_here():
    assert not uncounted(None) and not uncounted({})

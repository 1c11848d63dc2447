"""A word that a hop of the chosen chain already uses, or the frame of "what type of N", names no rival
relation for the refusal (``methods/spent_words.py``)."""
from __future__ import annotations

from kgsparql.methods.spent_words import spent_words

EVIDENCE = {"type": {"school type": 0.8}, "government": {"government for": 0.9, "governmental body": 0.7},
            "italy": {}, "capital": {"capital": 1.0}}


def test_a_word_the_chain_writes_is_spent():
    spent = spent_words("what type of government does X have", EVIDENCE, ["form of government"])
    assert "government" in spent            # ``form of government`` writes it: ``government for`` is no rival
    assert "type" in spent                  # the frame of "what type of N"
    assert "capital" not in spent           # names a relation the chain leaves out: still a rival


def test_a_word_naming_a_hop_is_spent_and_direction_is_ignored():
    spent = spent_words("what is the capital of X", {"capital": {"capital": 1.0, "capital of": 0.6}},
                        ["capital (reverse)"])
    assert spent == frozenset({"capital"})


def test_nothing_spent_where_the_chain_uses_other_words():
    assert spent_words("which school did X attend", {"school": {"school type": 0.7}}, ["education"]) == frozenset()

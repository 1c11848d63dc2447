"""A derived word that the rest of the question completes into a label: "italian ... official language"
names *Italian Language* (the KG names a relation with "language"), not *Italy*; the asked noun
("what language") names the answer's kind and completes nothing; without a completing label the
derived reading stays."""
from __future__ import annotations

from kgsparql.linking import EntityLinker
from kgsparql.linking.completed import completed_readings
from kgsparql.linking.index import LabelIndex
from kgsparql.linking.matching import LOOSE, TRIMMED, index_readings
from kgsparql.linking.text import tokens
from kgtest import lines_kg

BASE = "https://kgsparql.example/"
ROWS = """Italy|official_language|Italian Language
San Marino|official_language|Italian Language
Italy|capital|Rome
Italian Language|language_family|Romance languages
"""
VOCAB = frozenset({"official", "language", "capital", "family"})


def _labels(question: str, index: LabelIndex, vocab=VOCAB) -> list[tuple[str, float]]:
    toks = tokens(question)
    return [(r.entity.label, r.tier) for r in completed_readings(index, toks, index_readings(index, toks), vocab)]


def test_the_question_completes_the_derived_word():
    index = LabelIndex([("i", "Italy"), ("l", "Italian Language"), ("c", "Italian Cuisine")])
    assert _labels("which states use italian as their official language", index) == [("Italian Language", LOOSE)]
    # the completing word must be one the KG names relations with, and written in the question
    assert _labels("which states use italian as their official language", index, frozenset()) == [("Italy", TRIMMED)]
    assert _labels("which states border the italian capital", index) == [("Italy", TRIMMED)]


def test_the_asked_noun_completes_nothing():
    index = LabelIndex([("i", "Italy"), ("l", "Italian Language")])
    assert _labels("what language do italian people speak", index) == [("Italy", TRIMMED)]
    assert _labels("what kind of language do italian people speak", index) == [("Italy", TRIMMED)]


def test_the_linker_reads_the_language(tmp_path):
    linker = EntityLinker(lines_kg(tmp_path, ROWS, BASE))
    assert linker.link("which states use italian as their official language").top.label == "Italian Language"
    assert linker.link("which city is the italian capital").top.label == "Italy"


def test_the_asked_phrase_holding_the_derived_word_completes_nothing():
    index = LabelIndex([("i", "Italy"), ("l", "Italian Language")])
    # the phrase asked for ("which italian language") keeps its own readings: the derived one stays
    found = _labels("which italian language is spoken most", index)
    assert ("Italy", TRIMMED) in found and ("Italian Language", 1.0) in found

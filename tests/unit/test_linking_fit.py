"""Linking by fit and degree on a real in-memory store: a span made of the KG's relation words loses
to a name beside it, a derived form (``brazilians``) reaches its label, the best-connected of
several same-named entities wins, and popularity never decides between two different mentions."""
from __future__ import annotations

from kgsparql.linking import EntityLinker
from kgsparql.linking.index import LabelIndex
from kgsparql.linking.matching import TRIMMED, fuzzy_readings, index_readings
from kgsparql.linking.relation_words import names_relation, word_form
from kgsparql.linking.text import tokens
from kgtest import lines_kg

BASE = "https://kgsparql.example/"
ROWS = """Slovakia|country_borders|Hungary
Slovakia|official_language|Slovak
Country|genre_of|Johnny Cash
Brazil|official_language|Portuguese
Brazil|country_borders|Peru
Nash|played_for|Phoenix Suns
John Nash|field|Mathematics
John Nash|won_award|Nobel Prize
John Nash|spouse|Alicia Nash
John Nash|educated_at|Princeton University
Cancer|killed|Gilda Radner
Cancer|killed|John Wayne
Cancer|killed|Bob Marley
Gilda Radner|spouse|Gene Wilder
Gautama Buddha|country|Nepal
Gautama Buddha|religion|Buddhism
"""


def make_linker(tmp_path) -> EntityLinker:
    return EntityLinker(lines_kg(tmp_path, ROWS, BASE))


def test_relation_words_come_from_the_kg(tmp_path):
    linker = make_linker(tmp_path)
    assert {"country", "border", "language"} <= linker.relation_vocab
    assert names_relation(["country"], linker.relation_vocab)
    assert not names_relation(["slovakia"], linker.relation_vocab)
    assert word_form("Countries") == "countrie" and word_form("glass") == "glass"


def test_a_name_beats_a_relation_word(tmp_path):
    result = make_linker(tmp_path).link("what country borders slovakia")
    assert result.top.label == "Slovakia"
    assert [m.text for m in result.mentions] == ["slovakia", "country"]


def test_derived_forms_reach_the_label():
    index = LabelIndex([("b", "Brazil"), ("d", "Disco")])
    found = index_readings(index, tokens("what do brazilians speak"))
    assert [(r.entity.label, r.tier) for r in found] == [("Brazil", TRIMMED)]
    assert index_readings(index, tokens("what discovery")) == []     # "very" is no ending


def test_fuzzy_coverage_weighs_rare_words():
    index = LabelIndex([("a", "Ludwig van Beethoven"), ("b", "Swing music"), ("c", "Rock music"),
                        ("d", "Folk music"), ("e", "Pop music")])
    found = {r.entity.label: r.tier for r in fuzzy_readings(index, tokens("what music did beethoven write"))}
    assert found["Ludwig van Beethoven"] > found["Swing music"]


def test_degree_picks_among_same_named_only(tmp_path):
    linker = make_linker(tmp_path)
    assert linker.link("what did john nash study").top.label == "John Nash"
    result = linker.link("what type of cancer did gilda radner die of")
    assert result.top.label == "Gilda Radner"         # Cancer has more facts, but is another mention


def test_a_relation_word_alone_does_not_stop_the_search(tmp_path):
    # "country" matches the genre's label exactly and no label is "buddha": BM25 still finds the
    # person, and the span of relation words comes last
    result = make_linker(tmp_path).link("what country did buddha come from")
    assert result.top.label == "Gautama Buddha" and result.mentions[-1].text == "country"

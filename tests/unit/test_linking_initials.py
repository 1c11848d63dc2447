"""A name written as its initials, on a real in-memory store: "kkk" reads as *Ku Klux Klan* where the
question names nothing else, not where another name is found, not when the word spells too many
labels, and not with the option off."""
from __future__ import annotations

from kgsparql.linking import EntityLinker
from kgsparql.linking.index import LabelIndex
from kgsparql.linking.initials import MAX_LABELS, initials_of, initials_readings
from kgsparql.linking.text import tokens
from kgtest import lines_kg

BASE = "https://kgsparql.example/"
ROWS = """Ku Klux Klan|founded_by|James R. Crowe
Ku Klux Klan|founded_by|Frank O. McCord
North American Free Trade Agreement|member|Mexico
North American Free Trade Agreement|member|Canada
Ultimate Fighting Championship|headquarters|Las Vegas
Kansas|capital|Topeka
"""


def make_linker(tmp_path, **linking) -> EntityLinker:
    return EntityLinker(lines_kg(tmp_path, ROWS, BASE, **linking))


def _linked(result) -> dict[str, str]:
    return {m.text: m.candidates[0].entity.label for m in result.mentions if m.candidates}


def test_a_word_spelling_a_labels_initials_reads_as_it(tmp_path):
    linker = make_linker(tmp_path)
    assert _linked(linker.link("who founded the kkk")) == {"kkk": "Ku Klux Klan"}
    assert _linked(linker.link("what countries does NAFTA include")) == {"NAFTA": "North American Free Trade Agreement"}
    assert _linked(linker.link("where is the ufc headquarters")) == {"ufc": "Ultimate Fighting Championship"}


def test_a_question_naming_something_else_keeps_its_name(tmp_path):
    found = _linked(make_linker(tmp_path).link("what is the capital of kansas ufc"))
    assert found == {"kansas": "Kansas"}


def test_without_the_option_the_initials_are_not_linked(tmp_path):
    assert _linked(make_linker(tmp_path, initials=False).link("who founded the kkk")) == {}


def test_two_letters_are_initials_only_in_capitals():
    index = LabelIndex([("uk", "United Kingdom")])
    assert initials_readings(index, tokens("what is the capital of the us"), [], frozenset()) == []
    assert [r.entity.label for r in initials_readings(index, tokens("what is the capital of the UK"), [], frozenset())] \
        == ["United Kingdom"]


def test_initials_of_content_words_and_of_all_words():
    assert initials_of("North American Free Trade Agreement") == {"nafta"}
    assert initials_of("American Federation of Labor") == {"afl", "afol"}
    assert initials_of("Kansas") == set()


def test_a_word_spelling_too_many_labels_reads_as_none():
    many = [(f"e{n}", f"Alpha Beta Gamma{n}") for n in range(MAX_LABELS + 1)]
    toks = tokens("who founded abg")
    assert initials_readings(LabelIndex(many), toks, [], frozenset()) == []
    assert len(initials_readings(LabelIndex(many[:MAX_LABELS]), toks, [], frozenset())) == MAX_LABELS

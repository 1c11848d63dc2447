"""A partial (BM25) reading is dropped where the question writes another name next to the word it
shares with the label: "george clemenceau" is not *George Harrison*. A common word or a function word
there ("who inspired obama", "what did obama do") leaves the reading alone; on a real in-memory store."""
from __future__ import annotations

from kgsparql.linking import EntityLinker
from kgsparql.linking.matching import Reading
from kgsparql.linking.other_name import names_another
from kgsparql.linking.text import tokens
from kgsparql.types import IRI, Entity
from kgtest import lines_kg

BASE = "https://kgsparql.example/"
ROWS = """George Harrison|instrument|Guitar
George Harrison|member_of|The Beatles
Barack Obama|education|Harvard Law School
Barack Obama|spouse|Michelle Robinson
"""


def make_linker(tmp_path, **linking) -> EntityLinker:
    return EntityLinker(lines_kg(tmp_path, ROWS, BASE, **linking))


def top_name(linker: EntityLinker, question: str) -> str | None:
    top = linker.link(question).top
    return top.label if top is not None else None


def test_another_full_name_sharing_a_first_word_is_not_linked(tmp_path):
    linker = make_linker(tmp_path)
    assert top_name(linker, "what did george clemenceau do") is None
    assert top_name(linker, "what did george harrison play") == "George Harrison"


def test_a_common_or_function_word_beside_the_shared_word_keeps_the_reading(tmp_path):
    linker = make_linker(tmp_path)
    assert top_name(linker, "what did obama study") == "Barack Obama"
    assert top_name(linker, "who inspired obama") == "Barack Obama"


def test_without_the_option_the_first_word_match_stays(tmp_path):
    linker = make_linker(tmp_path, other_names=False)
    assert top_name(linker, "what did george clemenceau do") == "George Harrison"


def reading(question: str, word: str, label: str) -> tuple[list, Reading]:
    toks = tokens(question)
    n = [t.text for t in toks].index(word)
    return toks, Reading(n, n + 1, Entity(IRI(BASE + "e"), label), 0.5)


def test_the_side_the_label_goes_on_decides():
    known = frozenset({"did", "do", "play"})
    toks, r = reading("what did augustus caesar do", "caesar", "Julius Caesar")
    assert names_another(toks, r, ["julius", "caesar"], known)
    toks, r = reading("what did caesar augustus do", "caesar", "Julius Caesar")   # the label goes on before
    assert not names_another(toks, r, ["julius", "caesar"], known)


def test_a_misspelt_or_mangled_word_of_the_label_still_reads_as_it():
    toks, r = reading("who sang allhu akbar", "akbar", "Allahu Akbar")
    assert not names_another(toks, r, ["allahu", "akbar"], frozenset())
    toks, r = reading("what is sacatepÃ©quez department", "department", "Sacatepequez Department")
    assert not names_another(toks, r, ["sacatepequez", "department"], frozenset())


def test_an_adverb_of_a_common_word_is_no_name():
    toks, r = reading("what countries speak english natively", "english", "English Language")
    assert not names_another(toks, r, ["english", "language"], frozenset({"native", "speak"}))
    assert names_another(toks, r, ["english", "language"], frozenset({"speak"}))     # "natively" unknown
    toks, r = reading("what countries speak english jones", "english", "English Language")
    assert names_another(toks, r, ["english", "language"], frozenset({"native", "speak"}))

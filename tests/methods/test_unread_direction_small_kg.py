"""On a small KG of its own, "who" answered backwards along a relation no word of the question names,
and a count of entities along such a relation, abstain; the same relation named, walked forwards, or
held as a number is answered (methods/unread_direction.py, docs/abstention.md)."""
from __future__ import annotations

import pytest

from kgsparql import Asker

from kgtest import ask_with_abstention as _ask, tsv_settings

ROWS = """\
Rolling in the Deep\tsung by\tAdele
Hello\tsung by\tAdele
Someone Like You\tsung by\tAdele
Bad Guy\tsung by\tBillie Eilish
Ocean Eyes\tsung by\tBillie Eilish
Shake It Off\tsung by\tTaylor Swift
Hello\trecord company\tXL Recordings
Bad Guy\trecord company\tInterscope
Shake It Off\trecord company\tBig Machine
Hello\tchart peak\t1
Bad Guy\tchart peak\t1
Shake It Off\tchart peak\t1
Adele\tborn in city\tLondon
Billie Eilish\tborn in city\tLos Angeles
Taylor Swift\tborn in city\tWest Reading
Adele\tyear of birth\t1988
Billie Eilish\tyear of birth\t2001
Taylor Swift\tyear of birth\t1989
XL Recordings\tbased in\tLondon
Interscope\tbased in\tSanta Monica
Big Machine\tbased in\tNashville
XL Recordings\tnumber of artists\t40
Interscope\tnumber of artists\t120
Bad Guy\tsongwriter\tFinneas O'Connell
Ocean Eyes\tsongwriter\tFinneas O'Connell
Hello\tsongwriter\tGreg Kurstin
"""


@pytest.fixture(scope="module")
def settings(tmp_path_factory):
    return tsv_settings(tmp_path_factory.mktemp("unread-direction"), ROWS, "songs")


def test_who_answered_backwards_along_an_unnamed_relation_abstains(settings):
    answer = _ask(settings, "Who is Greg Kurstin's wife?")      # his songs, along songwriter (reverse)
    assert not answer.answers and "songwriter (reverse)" in answer.abstained


def test_the_same_unnamed_relation_walked_forwards_is_answered(settings):
    answer = _ask(settings, "Who wrote Hello?")
    assert answer.answers[:1] == ("Greg Kurstin",) and not answer.abstained


def test_a_count_of_entities_along_an_unnamed_relation_abstains(settings):
    answer = _ask(settings, "How many verses does Hello have?")
    assert not answer.answers and answer.abstained


def test_a_count_the_words_name_is_answered(settings):
    answer = _ask(settings, "How many songs did Finneas O'Connell write?")
    assert answer.answers[:1] == ("2",)


def test_a_count_the_relation_holds_as_a_number_is_answered(settings):
    answer = _ask(settings, "How many artists does Interscope have?")     # no word names it: held, not counted
    assert answer.answers[:1] == ("120",)


def test_without_the_readings_both_are_answered(settings):
    wife = _ask(settings, "Who is Greg Kurstin's wife?", backward_person=False)
    verses = _ask(settings, "How many verses does Hello have?", counted_named=False)
    assert wife.answers and verses.answers


@pytest.mark.parametrize("method", ["refkg", "kgfr"])
def test_refkg_and_kgfr_refuse_the_unnamed_count_and_count_the_named_one(settings, method):
    from dataclasses import replace
    with Asker(replace(settings, method=method)) as asker:
        verses = asker.ask("How many verses does Hello have?")
        songs = asker.ask("How many songs did Finneas O'Connell write?")
    assert not verses.answers and "no word of the question names" in verses.abstained
    assert songs.answers[:1] == ("2",)

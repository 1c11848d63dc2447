"""On a small KG of its own, a question whose asked noun ("which *country*") is also a word of another
label is answered along the chain whose ends are that kind, and a question whose chain reaches
another kind still abstains (methods/asked_kind.py, docs/abstention.md)."""
from __future__ import annotations

import pytest

from kgtest import ask_with_abstention as _ask, tsv_settings

ROWS = """\
Siemens\thome country\tGermany
Alstom\thome country\tFrance
Hitachi\thome country\tJapan
Siemens\theadquarters city\tMunich
Alstom\theadquarters city\tSaint-Ouen
Hitachi\theadquarters city\tTokyo
Munich\tin country\tGermany
Saint-Ouen\tin country\tFrance
Tokyo\tin country\tJapan
Osaka\tin country\tJapan
Shin-Osaka Station\tlocated in\tOsaka
Tokyo Station\tlocated in\tTokyo
Tokyo Station\topening year\t1914
Shin-Osaka Station\topening year\t1964
ICE 3\tmanufacturer\tSiemens
TGV Duplex\tmanufacturer\tAlstom
N700 Series\tmanufacturer\tHitachi
ICE 3\ttop speed kmh\t330
TGV Duplex\ttop speed kmh\t320
ICE 3\tentered service\t2000
TGV Duplex\tentered service\t1996
N700 Series\tentered service\t2007
Kawasaki\theadquarters city\tKobe
Kobe\tin country\tJapan
Tokyo Station\tarchitect\tTatsuno Kingo
Kyoto Station\tarchitect\tHiroshi Hara
Kyoto Station\tlocated in\tKyoto
"""


@pytest.fixture(scope="module")
def rows_settings(tmp_path_factory):
    return tsv_settings(tmp_path_factory.mktemp("asked-kind"), ROWS, "rails")


def test_the_asked_noun_names_the_kind_of_answer_not_a_missing_relation(rows_settings):
    answer = _ask(rows_settings, "Which country is Siemens from?")
    assert answer.answers[:1] == ("Germany",) and not answer.abstained


def test_without_reading_the_noun_as_the_answers_kind_the_same_question_is_refused(rows_settings):
    answer = _ask(rows_settings, "Which country is Siemens from?", asked_kind=False)
    assert not answer.answers and "in country" in answer.abstained


def test_a_chain_that_reaches_another_kind_keeps_the_noun_as_a_rival(rows_settings):
    answer = _ask(rows_settings, "Which architect designed Shin-Osaka Station?")    # stations have one, it has none
    assert not answer.answers and "architect" in answer.abstained

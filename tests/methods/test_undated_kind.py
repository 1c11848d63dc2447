"""A question that asks for a kind of thing no date is ("which *shipyards* …", "in which *port* …") is
never answered by dates, even along a hop its words name ("launched" and ``launch year``): the ranking
puts an undated chain first (methods/frag/dated_ends.py ``undated_first``), a refused chain is not
replaced by the dated relation its words name (``_held_named``), and the abstention refuses dates
(``AnswerChecks.asks_undated_kind``). "What year" and "when" still read dates."""
from __future__ import annotations

import pytest

from kgsparql import Asker

from kgtest import tsv_settings

RECORDS = """\
Blue Lines\trelease year\t1991
Blue Lines\trecord label\tWild Bunch Records
Blue Lines\tperformer\tMassive Attack
Dummy\trelease year\t1994
Dummy\trecord label\tGo! Beat
Dummy\tperformer\tPortishead
Maxinquaye\trelease year\t1995
Maxinquaye\trecord label\tIsland Records
Maxinquaye\tperformer\tTricky
"""

ROWS = """\
Cutty Sark\tlaunch year\t1869
Cutty Sark\tbuilt by\tScott and Linton
Cutty Sark\thome port\tGreenwich
Thermopylae\tlaunch year\t1868
Thermopylae\tbuilt by\tWalter Hood and Company
Thermopylae\thome port\tAberdeen
SS Great Britain\tlaunch year\t1843
SS Great Britain\tbuilt by\tGreat Western Steamship Company
SS Great Britain\thome port\tBristol
Scott and Linton\tbased in\tDumbarton
Walter Hood and Company\tbased in\tAberdeen
Great Western Steamship Company\tbased in\tBristol
"""


@pytest.fixture(scope="module")
def ships(tmp_path_factory):
    return tsv_settings(tmp_path_factory.mktemp("undated-kind"), ROWS, "ships")


@pytest.mark.parametrize("question", [
    "Which shipyard launched the Cutty Sark?",
    "Which company launched Thermopylae?",
])
def test_a_kind_no_date_is_gets_no_dates(ships, question):
    with Asker(ships) as asker:
        answer = asker.ask(question)
    assert not any(a.isdigit() for a in answer.answers), answer.answers


@pytest.mark.parametrize("question, expected", [
    ("What year was the Cutty Sark launched?", "1869"),
    ("When was SS Great Britain launched?", "1843"),
])
def test_dates_still_answer_a_question_asking_for_one(ships, question, expected):
    with Asker(ships) as asker:
        answer = asker.ask(question)
    assert answer.answers[:1] == (expected,), answer.abstained


@pytest.fixture(scope="module")
def records(tmp_path_factory):
    return tsv_settings(tmp_path_factory.mktemp("undated-records"), RECORDS, "records")


@pytest.mark.parametrize("question, expected", [
    ("Which label released Dummy?", "Go! Beat"),
    ("On which label was Maxinquaye released?", "Island Records"),
])
def test_a_word_naming_a_dated_relation_is_no_rival_of_the_undated_one(records, question, expected):
    """"released" names ``release year``, which gives dates; "which label" asks for no date, so the
    chain the asked noun names is answered, not refused as "the KG has no 'release year'"."""
    with Asker(records) as asker:
        answer = asker.ask(question)
    assert answer.answers[:1] == (expected,), answer.abstained


def test_when_still_reads_the_dated_relation(records):
    with Asker(records) as asker:
        answer = asker.ask("When was Blue Lines released?")
    assert answer.answers[:1] == ("1991",), answer.abstained


def test_an_entity_titled_with_a_year_is_no_date(tmp_path):
    """A film titled "1984" reached along ``directed`` answers "which films": the hop's name reads as
    no date, so the date check leaves it (it refuses dates along ``release year``-like hops only)."""
    from kgtest import tsv_settings as settings_of
    rows = "Vera Holm\tdirected\t1984\n1984\trelease year\t1956\nVera Holm\tborn in\tOslo\nOslo\tcountry\tNorway\n"
    with Asker(settings_of(tmp_path, rows, "films")) as asker:
        answer = asker.ask("Which films did Vera Holm direct?")
    assert answer.answers[:1] == ("1984",), answer.abstained

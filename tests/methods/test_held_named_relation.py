"""A chain refused because a word of the question names another relation (the refusal's "wanted")
is replaced by that relation when the topic holds it one hop out: "in what year was X discovered", where
X holds ``discovery_year`` beside ``discoveredBy ; birthYear``, is answered along it, not refused as a fact the KG lacks
(methods/frag/judging.py ``_held_named``, docs/abstention.md)."""
from __future__ import annotations

import pytest

from kgsparql import Asker

from kgtest import tsv_settings

ROWS = """\
Halley's Comet\tdiscoveredBy\tEdmond Halley
Halley's Comet\tdiscovery_year\t1705
Halley's Comet\torbital period\t76
Encke's Comet\tdiscoveredBy\tPierre Méchain
Encke's Comet\tdiscovery_year\t1786
Encke's Comet\torbital period\t3.3
Comet Hale-Bopp\tdiscoveredBy\tAlan Hale
Comet Hale-Bopp\tdiscoveredBy\tThomas Bopp
Comet Hale-Bopp\tdiscovery_year\t1995
Comet Hyakutake\tdiscoveredBy\tYuji Hyakutake
Edmond Halley\tbirthYear\t1656
Pierre Méchain\tbirthYear\t1744
Alan Hale\tbirthYear\t1958
Thomas Bopp\tbirthYear\t1949
Yuji Hyakutake\tbirthYear\t1950
Edmond Halley\tworked at\tRoyal Observatory
Pierre Méchain\tworked at\tParis Observatory
"""


@pytest.fixture(scope="module")
def comets(tmp_path_factory):
    return tsv_settings(tmp_path_factory.mktemp("held-named"), ROWS, "comets")


@pytest.mark.parametrize("question, expected", [
    ("In what year was Halley's Comet discovered?", "1705"),
    ("What year was Comet Hale-Bopp discovered?", "1995"),
])
def test_the_relation_the_question_names_is_answered_where_the_topic_holds_it(comets, question, expected):
    with Asker(comets) as asker:
        answer = asker.ask(question)
    assert not answer.abstained, answer.abstained
    assert answer.answers[:1] == (expected,)


def test_a_named_relation_the_topic_lacks_is_still_refused(comets):
    with Asker(comets) as asker:
        answer = asker.ask("In what year was Comet Hyakutake discovered?")
    assert answer.abstained and not answer.answers

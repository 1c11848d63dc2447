"""A two-hop chain that abstention refuses read as one question is answered when each half of the
nested question, asked and checked on its own, takes that chain's own hop (``kelgop/nest_halves.py``);
a KG of presses, poems and towns written here."""
from __future__ import annotations

import json

import pytest

from kgsparql import Asker
from kgtest import ask_with_abstention, tsv_settings

ROWS = """\
Salt Hymns\tprinted by\tGull Press
Salt Hymns\tyear printed\t1901
Salt Hymns\twritten by\tAda Merrow
Reed Songs\tprinted by\tLantern Press
Reed Songs\tyear printed\t1911
Reed Songs\twritten by\tTomas Fell
Winter Psalms\tprinted by\tGull Press
Winter Psalms\tyear printed\t1920
Winter Psalms\twritten by\tTomas Fell
Gull Press\theadquarters-town\tDunmere
Lantern Press\theadquarters-town\tAshby
Gull Press\tfounded by\tAda Merrow
Ada Merrow\tborn in\tAshby
Tomas Fell\tborn in\tDunmere
Dunmere\tcountry\tNorland
Ashby\tcountry\tKestria
"""


@pytest.fixture(scope="module")
def settings(tmp_path_factory):
    return tsv_settings(tmp_path_factory.mktemp("presses"), ROWS, "presses")


@pytest.fixture(scope="module")
def asker(settings):
    with Asker(settings) as a:
        yield a


def test_a_refused_chain_whose_halves_each_take_its_hop_answers(settings):
    # abstention's own hop-by-hop reading (methods/nested_hops.py) off, so that the chain is refused as a whole
    answer = ask_with_abstention(settings, "Which poets were born in towns in Norland?", nested_hops=False)
    assert answer.answers == ("Tomas Fell",)
    assert answer.plan["answered_by"] == "chain backed by its halves"


def test_abstention_reading_the_halves_itself_answers_the_same(asker):
    answer = asker.ask("Which poets were born in towns in Norland?")
    assert answer.answers == ("Tomas Fell",)
    assert answer.plan["answered_by"] == "paths"
    assert "hop by hop" in json.dumps(answer.plan, default=str)


def test_a_chain_the_whole_question_recognises_needs_no_halves(asker):
    answer = asker.ask("Where is the press founded by Ada Merrow based?")
    assert answer.answers[:1] == ("Dunmere",)
    assert answer.plan["answered_by"] != "chain backed by its halves"

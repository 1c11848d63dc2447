"""A superlative word the KG writes into a relation's name is that relation, not a comparison: on a KG
of regattas written here, "the first winner of X" is X's ``first winner``, and the chain goes on from
that person; a superlative word no relation writes ("the earliest-born winner") still compares."""
from __future__ import annotations

import pytest

from kgsparql import Asker
from kgsparql.methods.kelgop.held_superlative import names_the_word, relation_words
from kgtest import tsv_settings

ROWS = """\
Harbor Regatta\tfirst winner\tMara Quill
Harbor Regatta\twon by\tPiet Vos
Harbor Regatta\twon by\tMara Quill
Harbor Regatta\twon by\tIlse Brand
Mara Quill\thometown\tLoden
Mara Quill\tbirthYear\t1931
Piet Vos\thometown\tSallow Bay
Piet Vos\tbirthYear\t1902
Ilse Brand\thometown\tKerrow
Ilse Brand\tbirthYear\t1950
Glass Cup\twon by\tPiet Vos
Glass Cup\tfirst winner\tIlse Brand
Loden\tcountry\tNorland
Sallow Bay\tcountry\tKestria
Kerrow\tcountry\tKestria
"""


@pytest.fixture(scope="module")
def asker(tmp_path_factory):
    with Asker(tsv_settings(tmp_path_factory.mktemp("regattas"), ROWS, "regattas")) as a:
        yield a


def test_relation_words_split_every_naming_style():
    assert relation_words("first-ascent-by") == {"first", "ascent", "by"}
    assert names_the_word("first", ["first winner", "won by"])
    assert not names_the_word("first", ["won by", "hometown"])
    assert not names_the_word("most recent", ["most recent winner"])    # one word only


def test_the_relation_that_writes_the_word_is_followed_past_it(asker):
    answer = asker.ask("What is the hometown of the first winner of the Harbor Regatta?")
    assert answer.answers[:1] == ("Loden",)
    assert "no comparison" in answer.plan["attempts"][0].get("note", "")

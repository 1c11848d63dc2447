"""Readings of a composition's inner phrase on a small KG written here (records, studios, bands,
elements, chemists; a shape no shipped model was trained on), a real embedded Oxigraph store and real
MiniLM:

- "the studio where X was recorded" is asked both ways, plainly (the clause's verb: ``recorded by``
  reaches the band) and as "which studio ..." (the noun: ``recorded at`` reaches the studio); the
  reading whose answers fit the noun "studio" is followed;
- "the discoverer of X" names one thing, though its stem is shared by three relations (``discovered
  by``, ``discovered at``, ``discovery year``): on a small KG it still nests, each half checked;
- "who wrote the libretto of X" where the KG says ``libretto by``: the inner hop reaches who wrote it,
  and "who wrote [#1]" is not asked again of the librettist (whose own opera it would reach)."""
from __future__ import annotations

import pytest

from kgsparql import Asker
from kgtest import tsv_settings

ROWS = """\
Blue Meridian\trecorded by\tThe Lanterns
Blue Meridian\trecorded at\tHarbor Sound Studios
Blue Meridian\trecord_label\tCinder Records
Night Ferry\trecorded by\tThe Lanterns
Night Ferry\trecorded at\tQuarry Lane Studios
Night Ferry\trecord_label\tCinder Records
Cinder Records\theadquarteredIn\tDunmere
Harbor Sound Studios\tstudio_location\tPort Vell
Quarry Lane Studios\tstudio_location\tAshby
The Lanterns\tformed_in\tDunmere
Port Vell\tcountry\tOstrava Republic
Ashby\tcountry\tNorland
Dunmere\tcountry\tKestria
Velorium\tdiscovered by\tAnna Brisk
Velorium\tdiscovered at\tKell Laboratory
Velorium\tdiscovery year\t1901
Tessium\tdiscovered by\tOtto Marn
Tessium\tdiscovered at\tKell Laboratory
Tessium\tdiscovery year\t1911
Anna Brisk\tbirthPlace\tOster
Otto Marn\tbirthPlace\tAshby
Oster\tlocated in\tKestria
Kell Laboratory\tlocated in\tDunmere
Vesna\tlibrettoBy\tKarel Dusek
Vesna\tcomposed by\tMilan Orel
Zora\tcomposed by\tKarel Dusek
Zora\tlibrettoBy\tIvan Horak
Karel Dusek\tbirthPlace\tOster
"""


@pytest.fixture(scope="module")
def asker(tmp_path_factory):
    with Asker(tsv_settings(tmp_path_factory.mktemp("records"), ROWS, "records")) as a:
        yield a


@pytest.mark.parametrize("question, expected", [
    ("Which country is the studio where Blue Meridian was recorded in?", "Ostrava Republic"),
    ("In which country is the studio where Night Ferry was recorded?", "Norland"),
])
def test_the_inner_reading_whose_answers_fit_the_noun_is_followed(asker, question, expected):
    answer = asker.ask(question)
    assert answer.answers[:1] == (expected,)
    assert answer.plan["sub_questions"][0]["answers"][0].endswith("Studios")


@pytest.mark.parametrize("question, expected", [
    ("Where was the discoverer of Velorium born?", "Oster"),
    ("In which country was the discoverer of Velorium born?", "Kestria"),
])
def test_one_word_that_names_several_relations_still_nests(asker, question, expected):
    answer = asker.ask(question)
    assert answer.answers[:1] == (expected,)
    assert answer.plan["category"] == "composition"


@pytest.mark.parametrize("question, expected", [
    ("Who wrote the libretto of Vesna?", "Karel Dusek"),
    ("Who penned the libretto of Zora?", "Ivan Horak"),
])
def test_who_made_the_noun_of_x_is_the_hop_named_noun_by(asker, question, expected):
    assert asker.ask(question).answers[:1] == (expected,)


def test_an_agent_noun_still_nests(asker):
    assert asker.ask("Where was the librettist of Vesna born?").answers[:1] == ("Oster",)

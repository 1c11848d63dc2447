"""The halves of a composition on a small KG written here (cars, plants, designers; a shape no
shipped model was trained on), a real embedded Oxigraph store and real MiniLM:

- "the plant where X was assembled" asks *which plant*: the hop that reaches plants, not designers;
- "which country is [#1]" names only the kind of thing the plant is in: two hops (plant -> town ->
  country) where no hop of the KG says "country" from the plant itself;
- "who wrote the lyrics of X" whose outer half only walks back along the inner hop (the lyricist's
  other songs) restates the lookup: the answer is the lyricist."""
from __future__ import annotations

import pytest

from kgsparql import Asker
from kgtest import tsv_settings

ROWS = """\
Vela Coupe\tassembled at\tRiverside Works
Vela Coupe\tdesigned by\tIrma Kovac
Orsa Wagon\tassembled at\tHill Lane Plant
Orsa Wagon\tdesigned by\tIrma Kovac
Tarn Roadster\tassembled at\tRiverside Works
Tarn Roadster\tdesigned by\tPaolo Brenn
Riverside Works\tplant_town\tLinden
Hill Lane Plant\tplant_town\tEastmoor
Linden\tcountry\tNorland
Eastmoor\tcountry\tSuvia
Irma Kovac\tborn in\tEastmoor
Paolo Brenn\tborn in\tLinden
Morning Tide\tlyricsBy\tAnna Selv
Morning Tide\tcomposed by\tJon Ardal
Harbour Lights\tlyricsBy\tAnna Selv
Harbour Lights\tcomposed by\tJon Ardal
Morning Tide\twritten in\t1961
Harbour Lights\twritten in\t1964
Anna Selv\tborn in\tLinden
Jon Ardal\tborn in\tEastmoor
"""


@pytest.fixture(scope="module")
def asker(tmp_path_factory):
    with Asker(tsv_settings(tmp_path_factory.mktemp("cars"), ROWS, "cars")) as a:
        yield a


def test_the_clause_noun_picks_the_hop_and_the_kind_takes_two_more(asker):
    answer = asker.ask("Which country is the plant where the Orsa Wagon was assembled in?")
    assert answer.answers[:1] == ("Suvia",)
    assert answer.plan["category"] == "composition"
    inner = answer.plan["sub_questions"][0]
    assert inner["answers"] == ["Hill Lane Plant"]


def test_an_outer_half_that_walks_back_is_no_composition(asker):
    answer = asker.ask("Who wrote the lyrics of Morning Tide?")
    assert answer.answers[:1] == ("Anna Selv",)
    assert "Harbour Lights" not in answer.answers


def test_an_outer_half_that_names_a_kind_still_walks_back(asker):
    answer = asker.ask("Which songs did the lyricist of Morning Tide write?")
    assert "Morning Tide" not in answer.answers

"""Composition on a small KG whose relation names the question's words do not spell (``launchVehicle``
for "rocket", ``operator`` for "who flew"): "the N of X" still nests when the rest of the question asks
for something else, each half checked by abstention (kelgop/composition.py, ``checked``), and "the
same N as X" is what else shares X's N. A real embedded Oxigraph store and real MiniLM; the KG is
written here, in a shape no shipped model was trained on."""
from __future__ import annotations

import pytest

from kgsparql import Asker
from kgtest import tsv_settings

ROWS = """\
Voyager 2\tlaunchVehicle\tTitan IIIE
Voyager 1\tlaunchVehicle\tTitan IIIE
Galileo\tlaunchVehicle\tSpace Shuttle Atlantis
Titan IIIE\tmanufacturer\tMartin Marietta
Space Shuttle Atlantis\tmanufacturer\tRockwell International
Voyager 2\toperator\tJet Propulsion Laboratory
Voyager 1\toperator\tJet Propulsion Laboratory
Galileo\toperator\tJet Propulsion Laboratory
Jet Propulsion Laboratory\theadquarters\tPasadena
Martin Marietta\theadquarters\tBethesda
Rockwell International\theadquarters\tMilwaukee
Voyager 2\tlaunchDate\t1977-08-20
Voyager 1\tlaunchDate\t1977-09-05
Galileo\tlaunchDate\t1989-10-18
Voyager 2\ttarget\tNeptune
Galileo\ttarget\tJupiter
Voyager 1\ttarget\tJupiter
"""


@pytest.fixture(scope="module")
def asker(tmp_path_factory):
    with Asker(tsv_settings(tmp_path_factory.mktemp("probes"), ROWS, "probes")) as a:
        yield a


def test_the_same_noun_as_the_topic_reaches_the_others_that_share_it(asker):
    answer = asker.ask("Which probes used the same rocket as Voyager 2?")
    assert answer.answers and answer.answers[0] == "Voyager 1"
    assert "Voyager 2" not in answer.answers and "Titan IIIE" not in answer.answers


def test_a_lookup_through_the_noun_alone_stays_one_hop(asker):
    assert asker.ask("What is the launch vehicle of Galileo?").answers[:1] == ("Space Shuttle Atlantis",)

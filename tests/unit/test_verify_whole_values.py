"""A mention that is the whole of a short value another entity holds ("on STV" where the KG has
*network* "STV", a string), with the entity reading kept where it decides more; a year beside a
clearly named relation whose values are dates; numbers with a unit written onto them
(verify/values.py, verify/assess.py), on a real FactKG-shaped store."""
from __future__ import annotations

import pytest

from kgsparql.verify.written_values import claim_numbers

from kgtest import evidence_verifier

EVIDENCE = (("Bananaman", "network", '"STV"'), ("STV_(TV_channel)", "headquarter", "Glasgow"),
            ("Bananaman", "starring", "Tim_Brooke-Taylor"), ("Bananaman", "firstAired", '"1983-10-03"'),
            ("Asher_House", "location", '"Asherton, Texas"'), ("Asher_House", "location", "Asherton,_Texas"),
            ("Asherton,_Texas", "isPartOf", "United_States"), ("United_States", "capital", "Washington,_D.C."),
            ("English_Without_Tears", "releaseDate", '"1944-07-28"'),
            ("English_Without_Tears", "director", "Harold_French"))


@pytest.fixture(scope="module")
def verifier(tmp_path_factory):
    with evidence_verifier(tmp_path_factory.mktemp("whole-values-home"), EVIDENCE, "whole-values") as checker:
        yield checker


def test_a_mention_that_is_a_whole_string_value_is_that_value(verifier):
    verdict = verifier.verify("Tim Brooke-Taylor starred in Bananaman, which was broadcast by STV.")
    assert verdict.verdict == "true"          # before: no path joins Bananaman and the channel STV
    assert "STV" in verdict.explanation
    assert verifier.verify("Bananaman was broadcast by STV.").verdict == "true"


def test_the_entity_reading_is_kept_where_it_decides_more(verifier):
    # "Asherton, Texas" is a value of the house's location and the place that is part of the United States
    assert verifier.verify("Asher House is located in Asherton, Texas, which is part of the United States."
                           ).verdict == "true"


def test_a_year_contradicts_a_clearly_named_relation_holding_a_date_of_another_year(verifier):
    assert verifier.verify("English Without Tears was released in December 1993.").verdict == "false"
    assert verifier.verify("English Without Tears was released in July 1944.").verdict == "true"
    assert verifier.verify("English Without Tears, directed by Harold French, came out in 1944.").verdict == "true"


def test_a_unit_written_onto_a_number_of_any_length():
    assert claim_numbers("a ship beam of 21.2metres and 89minutes long, 2900m up") == [21.2, 89.0, 2900.0]
    assert claim_numbers("the 3rd of the 1960s, the 12th") == []

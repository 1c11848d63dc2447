"""Roles and places named in other words, by WordNet (kgsparql.meaning.lexicon / pertains): a
one-entity claim whose relation the entity holds under a label of the same root ("had a predecessor"
of *preceded by*), and a demonym beside linked entities ("a Mexican city") that names a place the KG
holds rather than a thing it lacks."""
from __future__ import annotations

import pytest

from kgsparql.meaning.lexicon import available
from kgsparql.meaning.pertains import Pertains
from kgtest import evidence_home, store_verifier

pytestmark = pytest.mark.skipif(not available(), reason="WordNet (nltk + wn) is not installed")

EVIDENCE = (("Golden_Son", "precededBy", "Red_Rising"), ("Morning_Star", "precededBy", "Golden_Son"),
            ("Vlad_Calugarul", "predecessor", "Basarab_Tepelus"), ("Iron_Gold", "successor", "Dark_Age"),
            ("Ciudad_Ayala", "isPartOf", "Morelos"), ("Morelos", "country", "Mexico"),
            ("Tampere_Club", "ground", "Tampere"), ("Tampere", "country", "Finland"))


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    return evidence_home(tmp_path_factory, EVIDENCE, "same-role")


def test_a_held_label_of_the_same_root_is_the_role_the_claim_names(store):
    with store_verifier(*store) as verifier:
        held = verifier.verify("Golden Son had a predecessor as well!")
        assert held.verdict == "true", held.explanation
        assert "preceded by" in held.explanation
        # a successor is no predecessor, however near the two words are as sentences
        other = verifier.verify("Iron Gold had a predecessor.")
        assert other.verdict == "false", other.explanation


def test_a_demonym_names_the_place_not_a_thing_the_kg_lacks(store):
    home = store[0]
    assert "Mexico" in Pertains(home)("Mexican") and "Finland" in Pertains(home)("Finnish")
    assert Pertains(home)("Lumezzane") == ()
    with store_verifier(*store) as verifier:
        verdict = verifier.verify("Ciudad Ayala is a Mexican city and part of Morelos.")
        assert verdict.verdict == "true", verdict.explanation
        # a name the KG lacks altogether is still a link to something that is not there
        lacking = verifier.verify("Ciudad Ayala is a Zorblaxian city and part of Morelos.")
        assert lacking.verdict == "false", lacking.explanation

"""Names the linker leaves that the KG holds in another form (verify/name_forms.py): a closed world
does not read them as things the KG lacks; a name no label holds still is one."""
from __future__ import annotations

import pytest

from kgsparql.linking import LabelIndex
from kgsparql.verify.name_forms import form_key, held_in_form, written_as
from kgtest import evidence_home, store_verifier

EVIDENCE = (("Marco_Rossetti", "team", "F.C._Vellano_1911"), ("Marco_Rossetti", "managerClub", "A.C._Dorvesa"),
            ("A.C._Dorvesa", "ground", "Dorvesa"), ("Marco_Rossetti", "birthPlace", "Türk_Ölçüm_Anıtı"),
            ("Arsenal_F.C.", "headCoach", "Mikel_Arteta"), ("Chelsea_F.C.", "headCoach", "Enzo_Maresca"))


def test_form_key_drops_only_differences_of_form():
    assert form_key("F.C. Vellano 1911") == form_key("FC Vellano 1911") == "fc vellano 1911"
    assert form_key("Türk Ölçüm Anıtı") == form_key("Turk Olcum Aniti")
    assert form_key("The Christian Union (Latvia)") == "christian union"
    assert form_key("Martyrs' Memorial") == "martyrs memorial"
    assert form_key("FC Vellano") != form_key("FC Vellano 1911")


def test_a_name_is_held_when_the_claim_writes_a_label_around_it():
    index = LabelIndex([("a", "F.C. Vellano 1911"), ("b", "National Register of Old Places listings in Dorr County")])
    claim = "Marco was at FC Vellano 1911 and on the National Register of Old Places."
    assert held_in_form(index, claim, "FC Vellano")
    assert not held_in_form(index, claim, "National Register of Old Places")    # a part of a longer label
    assert not held_in_form(index, "Marco was at FC Vellano and more.", "Vellano Rovers")
    assert not held_in_form(index, "He played in Dorr.", "Dorr")     # one word of a longer label
    assert not held_in_form(None, claim, "FC Vellano")


def test_a_value_is_the_name_written_in_another_form_or_around_it():
    assert written_as("He coached Arsenal FC.", "Arsenal FC", "Arsenal F.C.")
    assert written_as("He was at FC Vellano 1911.", "FC Vellano", "F.C. Vellano 1911")
    assert not written_as("He was at FC Vellano.", "FC Vellano", "F.C. Vellano 1911")


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    return evidence_home(tmp_path_factory, EVIDENCE, "forms")


def test_a_respelt_name_of_the_kg_is_no_missing_thing(store):
    with store_verifier(*store, closed=True) as verifier:
        result = verifier.verify("Marco Rossetti played for FC Vellano 1911 and manages A.C. Dorvesa.")
        assert result.verdict == "true", result.explanation
        result = verifier.verify("Marco Rossetti played for Qorvath Wanderers and manages A.C. Dorvesa.")
        assert result.verdict == "false", result.explanation
        assert "Qorvath Wanderers" in result.explanation


@pytest.mark.parametrize("closed", [False, True])
def test_one_entity_and_a_name_that_is_its_value_in_another_form(store, closed):
    with store_verifier(*store, closed=closed) as verifier:
        for claim in ("Arsenal FC is coached by Mikel Arteta.", "Marco Rossetti plays for FC Vellano 1911."):
            result = verifier.verify(claim)
            assert result.verdict == "true", (claim, result.explanation)
        result = verifier.verify("Arsenal FC is coached by Enzo Maresca.")      # his club is another
        assert result.verdict == "false", result.explanation

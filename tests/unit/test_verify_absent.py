"""A name beside two or more linked entities that the KG does not hold (verify/absent.py): in a closed
world the claim links them to a thing that is not there; an abbreviation, a word the linker left
beside a linked name, or a part of a linked name is no such thing; an open KG keeps the claim."""
from __future__ import annotations

import pytest

from kgtest import evidence_home, store_verifier

EVIDENCE = (("Esteghlal_Ahvaz_F.C.", "manager", "Adnan_Hamad"), ("Adnan_Hamad", "birthPlace", "Baghdad"),
            ("Esteghlal_Ahvaz_F.C.", "ground", "Ahvaz"))


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    return evidence_home(tmp_path_factory, EVIDENCE, "absent")


def test_a_name_the_closed_kg_lacks_beside_two_entities_is_a_missing_link(store):
    with store_verifier(*store, closed=True) as verifier:
        result = verifier.verify("Adnan Hamad, born in Baghdad, later coached Zorbanian Rovers.")
        assert result.verdict == "false", result.explanation
        result = verifier.verify("Adnan Hamad coached Qorvath Wanderers and then Esteghlal Ahvaz F.C.")
        assert result.verdict == "false", result.explanation
        assert "Qorvath Wanderers" in result.explanation
        # the dots of "F.C." end no clause: what follows the name is no framing
        result = verifier.verify("Adnan Hamad coached Esteghlal Ahvaz F.C. and then Qorvath Wanderers.")
        assert result.verdict == "false", result.explanation


def test_abbreviations_and_words_beside_linked_names_are_not_missing_things(store):
    with store_verifier(*store, closed=True) as verifier:
        for claim in ("Adnan Hamad, often on TV, manages Esteghlal Ahvaz F.C. in Ahvaz.",
                      "Iraqi Adnan Hamad manages Esteghlal Ahvaz F.C.",
                      "Adnan Hamad's club Esteghlal Ahvaz F.C. plays at Ahvaz."):
            result = verifier.verify(claim)
            assert result.verdict == "true", (claim, result.explanation)


def test_an_open_kg_keeps_the_claim(store):
    with store_verifier(*store, closed=False) as verifier:
        result = verifier.verify("Adnan Hamad coached Qorvath Wanderers and then Esteghlal Ahvaz F.C.")
        assert result.verdict == "true", result.explanation


def test_a_pronoun_subject_may_hold_the_name_itself(store):
    with store_verifier(*store, closed=True) as verifier:
        result = verifier.verify("He was managed by Adnan Hamad at Esteghlal Ahvaz F.C. and is nicknamed Kovrin.")
        assert result.verdict != "false" or "Kovrin" not in result.explanation, result.explanation


def test_a_name_the_closed_kg_lacks_under_an_unnamed_subject_is_a_missing_link(store):
    with store_verifier(*store, closed=True) as verifier:
        # the unnamed subject is Esteghlal Ahvaz F.C. (managed by Adnan Hamad); its ground is Ahvaz
        result = verifier.verify("It is managed by Adnan Hamad and plays at the Zorvath Arena.")
        assert result.verdict == "false", result.explanation
        assert "Zorvath Arena" in result.explanation
        result = verifier.verify("It is managed by Adnan Hamad.")
        assert result.verdict == "true", result.explanation
    with store_verifier(*store, closed=False) as verifier:
        result = verifier.verify("It is managed by Adnan Hamad and plays at the Zorvath Arena.")
        assert result.verdict != "false", result.explanation


def test_a_name_that_names_a_relation_of_the_kg_is_no_missing_thing(tmp_path_factory):
    # the KG's vocabulary holds *nrhp reference number* and *oclc*: "National Register of Historic
    # Places" (its initials) and "OCLC" name those relations, not things the KG lacks
    evidence = (("Quarry_House", "nrhpReferenceNumber", '"88002539"'), ("Quarry_House", "location", "Asherton,_Texas"),
                ("Gale_Review", "oclc", '"51969173"'), ("Gale_Review", "publisher", "Harcourt"),
                ("Quarry_House", "architect", "Alfred_Giles"))
    with store_verifier(*evidence_home(tmp_path_factory, evidence, "acronyms")) as verifier:
        for claim in ("Quarry House, in Asherton, Texas, has the National Register of Historic Places number 88002539.",
                      "Gale Review, published by Harcourt, has the OCLC number 51969173."):
            result = verifier.verify(claim)
            assert result.verdict == "true", (claim, result.explanation)
        # a name that is no relation's is still a thing the KG lacks
        result = verifier.verify("Quarry House, in Asherton, Texas, was designed by Alfred Giles and Zorvan Pelt.")
        assert result.verdict == "false", result.explanation


def test_a_name_written_as_a_whole_relation_label_names_that_relation():
    from kgsparql.verify.kg_vocabulary import names_a_relation

    labels = ["vice president", "leader name", "nrhp reference number"]
    assert names_a_relation("Vice President", labels)            # the whole label, capitalised
    assert names_a_relation("National Register of Historic Places", labels)
    assert not names_a_relation("Vice Admiral", labels)           # two words, no label's whole
    assert not names_a_relation("Alan García", labels)

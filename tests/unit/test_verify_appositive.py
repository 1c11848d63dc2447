"""Claims whose subject is a pronoun: a name after a comma at the end of the sentence names that
subject ("He had a wife, X."); an unnamed thing may hold the named relation towards the one entity
("He was the prime minister X"); and a word that only shares a stem with a label ("found", of
*find*, and *founding date*) does not name it; nor does a type noun before the one entity, nor a
naming participle before a name ("a predecessor named X")."""
from __future__ import annotations

import pytest

from kgsparql.rank.alignment import AlignmentRanker

from kgtest import evidence_verifier

EVIDENCE = (("Ada_Lindqvist", "spouse", '"Tomas"'), ("Bram_Okafor", "birthPlace", "Lagos"),
            ("Reg_Hollis", "primeMinister", "Nora_Castell"), ("Nora_Castell", "birthPlace", "Leeds"),
            ("Pesto_Verde", "ingredient", "Basil"), ("Pesto_Verde", "country", "Italy"),
            ("Italy", "foundingDate", '"1861-03-17"'), ("Italy", "capital", "Rome"),
            ("Varnholt", "city", "Ostmark"), ("Ostmark", "established", '"1901"'),
            ("Owen_Marsh", "predecessor", "Hal_Brody"), ("Hal_Brody", "alternativeNames", '"Harry Brody"'))


@pytest.fixture(scope="module")
def verifier(tmp_path_factory):
    with evidence_verifier(tmp_path_factory.mktemp("appositive-home"), EVIDENCE, "appositive") as v:
        yield v


def test_a_name_after_the_comma_is_the_pronouns_subject(verifier):
    held = verifier.verify("She had a spouse, Ada Lindqvist.")
    assert held.verdict == "true", held.explanation
    lacking = verifier.verify("He had a spouse, Bram Okafor.")
    assert lacking.verdict == "false", lacking.explanation


def test_an_unnamed_thing_holding_the_named_relation_towards_the_entity(verifier):
    result = verifier.verify("He was the prime minister Nora Castell.")
    assert result.verdict == "true", result.explanation
    assert any("Reg Hollis" in str(path) for path, supports in result.evidence if supports)


def test_found_of_find_names_no_founding_date(verifier):
    result = verifier.verify("Basil is used in Pesto Verde, found in Italy.")
    assert result.verdict == "true", result.explanation
    assert "founding" not in result.explanation


def test_a_shared_stem_names_a_label_only_with_a_shared_meaning():
    ranker = AlignmentRanker()
    labels = ["founding date", "operator", "directed by", "start date"]
    evidence = ranker.evidence("it was found in x and operated by y", labels)
    assert "found" not in evidence or "founding date" not in evidence["found"]
    assert evidence["operated"] == {"operator": 1.0}
    assert "founding date" in ranker.evidence("x was founded in 1861", labels).get("founded", {})
    assert "start date" not in ranker.evidence("x starred in y", labels).get("starred", {})


def test_a_number_before_a_noun_naming_no_relation_is_no_count(verifier):
    # "89 minutes" is a value; "produced" names *producer* but is not the counted noun
    result = verifier.verify("Reg Hollis is 89 minutes long and had the prime minister Nora Castell.")
    assert "link(s)" not in result.explanation, result.explanation


def test_a_type_noun_before_the_one_entity_names_no_relation(verifier):
    # "the city Varnholt" says what Varnholt is; Varnholt's own *city* fact does not make it established
    result = verifier.verify("Yes, the city Varnholt was established in January 1855.")
    assert result.verdict == "false", result.explanation
    assert "established" in result.explanation


def test_an_unnamed_thing_must_hold_the_numbers_the_claim_states(verifier):
    # Pesto Verde, linked to Italy, holds an *ingredient*, but nothing around Italy holds 1712
    assert verifier.verify("It has an ingredient and comes from Italy.").verdict == "true"
    result = verifier.verify("It has an ingredient of 1712 and comes from Italy.")
    assert result.verdict != "true", result.explanation


def test_a_naming_participle_before_the_name_names_no_relation(verifier):
    # "named" shares a stem with *alternative names*; it only introduces the name: something has *predecessor* Hal Brody
    held = verifier.verify("He actually had a predecessor named Hal Brody.")
    assert held.verdict == "true", held.explanation
    assert "predecessor" in held.explanation
    held = verifier.verify("He had a predecessor called Hal Brody.")
    assert held.verdict == "true", held.explanation

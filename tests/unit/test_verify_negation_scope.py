"""A negator denies the parts of a claim written in its own clause ("born in X but did not play for
Y": only the club is denied), read from the clause structure (verify/negation.py, verify/rules.py),
on a real FactKG-shaped store."""
from __future__ import annotations

import pytest

from kgsparql.verify.negation import scopes
from kgsparql.verify.result import CONTRADICTED, SUPPORTED, SubClaim
from kgsparql.verify.rules import decide

from kgtest import evidence_verifier

EVIDENCE = (("Anna_Berg", "birthPlace", "Bergen"), ("Anna_Berg", "team", "SK_Brann"),
            ("Bergen", "country", "Norway"), ("Oslo", "country", "Norway"),
            ("Rosenborg_BK", "ground", "Lerkendal_Stadion"), ("SK_Brann", "ground", "Brann_Stadion"))


@pytest.fixture(scope="module")
def verifier(tmp_path_factory):
    with evidence_verifier(tmp_path_factory.mktemp("negation-scope-home"), EVIDENCE, "negation-scope") as checker:
        yield checker


@pytest.mark.parametrize("claim, verdict", [
    ("Anna Berg was born in Oslo but did not play for Rosenborg BK.", "false"),   # the unnegated clause fails
    ("Anna Berg was born in Bergen but did not play for Rosenborg BK.", "true"),
    ("Anna Berg was born in Bergen but did not play for SK Brann.", "false"),
])
def test_a_negator_denies_only_the_parts_in_its_clause(verifier, claim, verdict):
    result = verifier.verify(claim)
    assert result.verdict == verdict, result.explanation


def test_the_explanation_names_the_part_that_fails_as_stated(verifier):
    # born in Oslo fails as written; the denied club holds as stated (Anna Berg played for SK Brann)
    explanation = verifier.verify("Anna Berg was born in Oslo but did not play for Rosenborg BK.").explanation
    assert "a part of the claim is negated" in explanation
    assert "Bergen" in explanation and "SK Brann" not in explanation


def test_one_negation_over_a_single_clause_still_denies_the_whole_claim(verifier):
    assert verifier.verify("Anna Berg was not born in Oslo.").verdict == "true"
    assert verifier.verify("Anna Berg did not play for SK Brann.").verdict == "false"


@pytest.mark.parametrize("claim, verdict", [
    ("Anna Berg does not have 20 caps, but she was born in Oslo.", "false"),     # the one part, as written
    ("Anna Berg does not have 20 caps, but she was born in Bergen.", "true"),
    ("Anna Berg was born in Bergen and did not win 20 caps.", "true"),
])
def test_a_negator_in_a_clause_holding_no_part_leaves_the_one_part_as_written(verifier, claim, verdict):
    result = verifier.verify(claim)
    assert result.verdict == verdict, result.explanation


def _at(text: str, *names: str) -> list[tuple[int, int]]:
    return [(text.index(n), text.index(n) + len(n)) for n in names]


def test_scopes_end_at_a_new_clause_not_inside_a_name_nor_between_joined_names():
    text = "X did not die in Summit, New Jersey, whose leader is Y."
    spans = [text[a:b].strip() for a, b in scopes(text, _at(text, "Summit, New Jersey", "Y"))]
    assert [s for s in spans if s] == [
        "X did not die in Summit, New Jersey", "leader is Y"]
    text = "X is not like the Saab 9000 or the Fiat Croma."
    assert text[slice(*scopes(text, _at(text, "Saab 9000", "Fiat Croma"))[0])] == text[:-1]
    text = "X was not born in Gien, France."      # an apposition stays in the clause it follows
    assert text[slice(*scopes(text, _at(text, "Gien", "France"))[0])] == text[:-1]


def test_parts_denied_on_their_own_are_flipped_and_the_rest_must_hold():
    held, lacked = SubClaim("a", SUPPORTED), SubClaim("b", CONTRADICTED)
    assert decide([held, lacked], negated=True, denied=(False, True)) == "true"
    assert decide([lacked, lacked], negated=True, denied=(False, True)) == "false"
    assert decide([held, held], negated=True, denied=(False, True)) == "false"


def test_a_negated_clause_without_a_number_still_denies_the_one_part(verifier):
    assert verifier.verify("Anna Berg was not the one who was born in Bergen.").verdict == "false"

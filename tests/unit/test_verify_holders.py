"""A claim that names its subject by the values it states, not by a name (verify/holders.py, the
adapter's ``holders`` step), and values written otherwise than the KG writes them (verify/values.py):
a minus sign, a unit after the number, letters with diacritics, a value whose words hold a name."""
from __future__ import annotations

import pytest

from kgsparql.terms import XSD, Literal
from kgsparql.types import Entity, Relation, Triple
from kgsparql.verify.holders import value_literals
from kgsparql.verify.linked import Mentioned
from kgsparql.verify.values import names_not_held, within_values
from kgsparql.verify.written_values import claim_numbers

from kgtest import evidence_verifier

EVIDENCE = (("1147_Stavropolis", "absoluteMagnitude", '"11.5"'), ("1147_Stavropolis", "discovered", '"1929-06-11"'),
            ("1147_Stavropolis", "discoverer", "Grigory_Neujmin"), ("1036_Ganymed", "absoluteMagnitude", '"9.45"'),
            ("1036_Ganymed", "discovered", '"1924-10-23"'), ("Ciudad_Ayala", "utcOffset", '"−6"'),
            ("A.S._Gubbio_1910", "fullname", '"Associazione Sportiva Gubbio 1910 Srl"'),
            ("A.S._Gubbio_1910", "ground", "Gubbio"), ("Asher_House", "location", "Texas"),
            ("Asher_House", "referenceNumber", '"88002539"'), ("Texas", "largestCity", "Houston"),
            ("Asher_House", "builder", '"Zorbville Quartz"'))


@pytest.fixture(scope="module")
def verifier(tmp_path_factory):
    with evidence_verifier(tmp_path_factory.mktemp("holders-home"), EVIDENCE, "holders") as checker:
        yield checker


def test_the_adapter_finds_the_things_holding_literal_values(verifier):
    adapter = verifier.method.ctx.adapter
    found = adapter.holders([Literal("11.5"), Literal("1929-06-11"), Literal("404")])
    assert {(t.head.id.rsplit("/", 1)[-1], t.tail.name) for t in found} == {
        ("1147_Stavropolis", "11.5"), ("1147_Stavropolis", "1929-06-11")}


def test_a_subject_named_only_by_its_values(verifier):
    result = verifier.verify("It was discovered back on June 11, 1929 and has an absolute magnitude of 11.5.")
    assert result.verdict == "true", result.explanation
    assert "1147 Stavropolis" in result.explanation
    one = verifier.verify("It has an absolute magnitude of 11.5.")      # one value alone names nothing
    assert one.verdict == "not_enough_info"
    other = verifier.verify("It was discovered on 23 October 1924 and has an absolute magnitude of 11.5.")
    assert other.verdict != "true"          # the values belong to two different things


def test_values_written_otherwise_match():
    assert claim_numbers("its offset is -6, or \u22126, and a runway of 2900m, the 3rd of the 1960s") == [
        -6.0, -6.0, 2900.0]
    facts = [Triple(Entity.iri("x:m", "Memorial"), Relation("x:designer", "designer"),
                    Entity(Literal("Hüseyin Bütüner and Hilmi Güner")))]
    assert names_not_held(["Huseyin Butuner", "Peter Pan"], facts) == ["Peter Pan"]


def test_the_claims_numbers_and_dates_become_literals_in_their_usual_spellings():
    forms = value_literals("discovered on 11 June 1929, magnitude 11.5, 45 floors", ["Governator"])
    assert {Literal("1929-06-11"), Literal("1929-06-11", XSD + "date"), Literal("11.5"), Literal("45"),
            Literal("45.0"), Literal("45", XSD + "integer"), Literal("Governator", None, "en")} <= set(forms)


def test_a_name_inside_a_stated_value_is_part_of_the_value(verifier):
    club, town = Entity.iri("x:club", "A.S. Gubbio 1910"), Entity.iri("x:town", "Gubbio")
    text = "Associazione Sportiva Gubbio 1910 Srl is the full name of A.S. Gubbio 1910."
    facts = [Triple(club, Relation("x:fullname", "fullname"), Entity(Literal("Associazione Sportiva Gubbio 1910 Srl")))]
    mentioned = [Mentioned(town, 22, 28, "Gubbio"), Mentioned(club, 58, 74, "A.S. Gubbio 1910")]
    assert within_values(mentioned, facts, text) == [mentioned[0]]
    assert verifier.verify(text).verdict == "true"
    assert verifier.verify("Ciudad Ayala has a UTC offset of -6.").verdict == "true"



def test_the_names_of_an_unnamed_subject_are_its_own(verifier):
    # "It" is not Texas: the name and the number belong to what is in Texas, which holds them
    result = verifier.verify("It was built in Texas by Zorbville Quartz and has the reference number 88002539.")
    assert result.verdict == "true", result.explanation
    assert "Asher House" in result.explanation
    # a name nothing around Texas holds is, in FactKG's closed world, a link that is not there
    result = verifier.verify("It was built in Texas by Quellmar Dunbright and has the reference number 88002539.")
    assert result.verdict == "false", result.explanation

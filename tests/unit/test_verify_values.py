"""Values a claim states (numbers, dates, names) read from its wording and matched with a KG value
(verify/values.py); the end-to-end check runs on a FactKG-shaped store in test_factkg.py."""
from __future__ import annotations

import pytest

from kgsparql.verify.values import _matches
from kgsparql.verify.written_values import claim_dates, claim_numbers, plain_words as _words


def test_numbers_are_read_with_separators_and_decimals():
    assert claim_numbers("It has 10,252 employees and a runway of 2953.5 metres, founded 1911.") == [
        10252.0, 2953.5, 1911.0]
    assert claim_numbers("Route A3 and the X-7 have no number") == []


@pytest.mark.parametrize("text", ["born on Jan 1, 1886, it has 45 floors", "born 1st of January 1886, it has 45 floors",
                                  "born 01-01-1886, it has 45 floors"])
def test_the_day_and_month_of_a_full_date_are_no_numbers(text):
    numbers = claim_numbers(text)
    assert 1.0 not in numbers and 45.0 in numbers


@pytest.mark.parametrize("text", ["born on 1 July 1976", "born July 1st, 1976", "born on the 1st of July 1976",
                                  "born 01-07-1976", "born Jul. 1, 1976"])
def test_dates_are_read_in_the_usual_english_orders(text):
    assert (1976, 7, 1) in claim_dates(text)


def test_a_value_matches_a_number_a_date_a_year_or_words():
    text = "the house built in 1911 has 45 floors and its natives are called finns"
    numbers, dates = claim_numbers(text), claim_dates("born 1 July 1976")
    years = {1911}
    assert _matches("45.0", numbers, dates, years, _words(text))
    assert _matches("1911-05-02", numbers, dates, years, _words(text))          # a year: the year of a date
    assert _matches("1976-07-01", numbers, dates, years, _words(text))
    assert _matches("Finns", numbers, dates, years, _words(text))
    assert not _matches("46", numbers, dates, years, _words(text))
    assert not _matches("1976-07-02", numbers, dates, set(), _words(text))
    assert not _matches("the", numbers, dates, years, _words(text))              # too short to say anything


def test_a_bare_number_of_three_or_four_digits_is_a_number_as_well_as_a_year():
    text = "the academy has 100 staff and 600 students"
    numbers = claim_numbers(text)
    assert _matches("100", numbers, set(), set(), _words(text))        # read as year 100 before, never matched
    assert _matches("600", numbers, set(), set(), _words(text))
    assert not _matches("250", numbers, set(), set(), _words(text))
    assert not _matches("1912", [1911.0], set(), {1911}, "")


def test_only_a_clearly_named_relation_holding_another_number_contradicts():
    from kgsparql.terms import Literal
    from kgsparql.types import Entity, Relation, Triple
    from kgsparql.verify.relation_words import RelationWord
    from kgsparql.verify.values import number_conflicts

    fact = Triple(Entity.iri("http://example.org/Liselotte", "Liselotte"), Relation("http://example.org/birthYear"),
                  Entity(Literal("1908")))
    label = lambda r: "birth year"                                                       # noqa: E731
    loose = [RelationWord("died", 7, frozenset({"birth year"}), 0.5)]       # an embedding near, not a name
    clear = [RelationWord("born", 7, frozenset({"birth year"}), 1.0)]
    assert number_conflicts([fact], [1994.0], loose, label) == []
    assert number_conflicts([fact], [1994.0], clear, label)[0].status == "contradicted"

"""The year a candidate's label writes stands in for a date the KG does not hold, only when every
candidate's label writes exactly one year and the years differ."""
from __future__ import annotations

from kgsparql.methods.kelgop.label_years import filter_by_label, label_years, latest_by_label
from kgsparql.types import IRI, Entity


def _e(name: str) -> Entity:
    return Entity(IRI("http://example.org/" + name.replace(" ", "_")), name)


SERIES = [_e("2010 World Series"), _e("2012 World Series"), _e("2014 World Series")]


def test_the_last_and_the_first_by_the_year_in_the_label():
    winners, op, years = latest_by_label(SERIES, "last")
    assert [e.name for e in winners] == ["2014 World Series"] and op == "argmax" and len(years) == 3
    winners, op, _ = latest_by_label(SERIES, "earliest")
    assert [e.name for e in winners] == ["2010 World Series"] and op == "argmin"


def test_a_value_filter_on_the_year_in_the_label():
    kept, how, _ = filter_by_label(SERIES, ("gt", 2011))
    assert [e.name for e in kept] == ["2012 World Series", "2014 World Series"] and how == "gt 2011"
    kept, how, _ = filter_by_label(SERIES, ("between", 2009, 2012))
    assert [e.name for e in kept] == ["2010 World Series", "2012 World Series"]


def test_labels_without_one_year_each_say_nothing():
    assert label_years([*SERIES, _e("World Series")]) == {}            # one label has no year
    assert label_years([_e("1998 FIFA World Cup"), _e("1998 Winter Olympics")]) == {}   # all the same
    assert label_years([_e("2001: A Space Odyssey 2010"), _e("1984")]) == {}            # two years in one label
    assert label_years([_e("Track 1234567"), _e("Engine 3.2015")]) == {}   # digits inside longer numbers
    assert latest_by_label([_e("Vertigo"), _e("Marnie")], "latest") == ([], "", {})

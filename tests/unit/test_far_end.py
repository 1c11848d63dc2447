"""A question that names the noun it asks for and the noun of the phrase around its topic ("which
*museums* are in the *capital* of X") takes a chain one hop longer than the best-ranked one when the
best one's ends read as the inner noun and the longer one's as the asked noun
(``methods/frag/far_end.py``), read with the real MiniLM encoder from the ends a real (in-memory)
store gives."""
from __future__ import annotations

import pytest

from kgsparql.methods.frag.far_end import _leans, far_end_first, inner_noun
from kgsparql.rank import build_ranker

from kgtest import lines_adapter

ROWS = ["Kenya|capital|Nairobi", "Nairobi|in country|Kenya", "Mombasa|in country|Kenya",
        "Nairobi National Museum|city|Nairobi", "Karen Blixen Museum|city|Nairobi",
        "Fort Jesus Museum|city|Mombasa", "Nairobi|founded by|Sir George Whitehouse", "Nairobi|founding year|1899"]


def test_the_inner_noun_is_the_phrase_around_the_topic():
    assert inner_noun("which museums are in the capital of X") == "capital"
    assert inner_noun("which paintings hang in galleries located in X") == "galleries"
    assert inner_noun("which country is the designer of X from") == "designer"
    assert inner_noun("which towns lie on rivers that flow into the X") == "rivers"
    assert inner_noun("which plays were staged by actors born in X") == "actors"
    assert inner_noun("which continent is X's country of origin on") == "country"
    assert inner_noun("which museums are in X") is None             # nothing holds the topic
    assert inner_noun("which operas premiered at X") is None         # the asked noun is no inner one


@pytest.fixture(scope="module")
def kg():
    adapter = lines_adapter(ROWS)
    kenya = next(e for e in adapter.lookup("Kenya") if e.name == "Kenya")
    capital = next(rc.relation for rc in adapter.relations([kenya], "out"))
    city = adapter.lookup("Nairobi")[0]
    relations = {adapter.verbalize(rc.relation): rc.relation for rc in adapter.relations([city], "both")}
    located = next(r for r in (relations["city"], relations["city"].reversed()) if adapter.neighbors([city], r))
    ends = {(capital,): {city}, (capital, located): {t.tail for t in adapter.neighbors([city], located)},
            (capital, relations["founded by"]): {t.tail for t in adapter.neighbors([city], relations["founded by"])}}
    return (capital,), (capital, located), (capital, relations["founded by"]), ends, build_ranker("embedding")


def test_the_far_end_goes_first_where_the_best_stops_at_the_inner_noun(kg):
    one, museums, founder, ends, encoder = kg
    ranked = [(one, 1.0), (founder, 0.8), (museums, 0.7)]
    order = far_end_first(encoder, "which museums are in the capital of X", ranked, ends)
    assert order[0] == (museums, 0.7) and order[1:] == [(one, 1.0), (founder, 0.8)]


def test_the_order_stays_without_two_nouns_or_a_close_longer_chain(kg):
    one, museums, founder, ends, encoder = kg
    ranked = [(one, 1.0), (museums, 0.7)]
    assert far_end_first(encoder, "what is the capital of X", ranked, ends) == ranked       # no inner noun
    assert far_end_first(encoder, "who lives in the capital of X", ranked, ends) == ranked  # no asked noun
    far = [(one, 1.0), (museums, 0.2)]
    assert far_end_first(encoder, "which museums are in the capital of X", far, ends) == far
    asked_by_the_best = [(museums, 1.0), (one, 0.9)]
    assert far_end_first(encoder, "which museums are in the capital of X", asked_by_the_best, ends) \
        == asked_by_the_best


def test_ends_that_are_numbers_are_not_read(kg):
    one, museums, _, ends, encoder = kg
    adapter = lines_adapter(ROWS)
    city = adapter.lookup("Nairobi")[0]
    founded = next(rc.relation for rc in adapter.relations([city], "out") if adapter.verbalize(rc.relation) == "founding year")
    year = (one[0], founded)
    numbered = {**ends, year: {t.tail for t in adapter.neighbors([city], founded)}}
    leans = _leans(encoder, "country", "capital", [one, year], numbered, 5)   # "1899" says nothing of a
    assert one in leans and year not in leans                                  # kind: no reading at all
    ranked = [(one, 1.0), (year, 0.9)]
    assert far_end_first(encoder, "which country is the capital of X in", ranked, numbered) == ranked

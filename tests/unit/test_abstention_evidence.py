"""Abstention's evidence beyond the words of the chain (docs/abstention.md): the shared chain
scorer must not clearly prefer another chain when the meaning view alone recognises this one, and a
chain that reaches only dates does not answer a question that asks for no date."""
from __future__ import annotations

import pytest

from kgsparql.meaning import RelationMatcher
from kgsparql.methods.abstention import AbstentionOptions, RelationMatch
from kgsparql.rank import build_ranker
from kgsparql.rank.alignment import AlignmentRanker
from kgsparql.types import XSD, Entity, Literal

VOCABULARY = ["director", "screenwriter", "cast member", "publication date", "genre"]


@pytest.fixture(scope="module")
def relation_match():
    return RelationMatch(AlignmentRanker(), lambda: VOCABULARY, AbstentionOptions(),
                         matcher=RelationMatcher(encoder=build_ranker("embedding")))


def test_meaning_alone_needs_the_chain_scorer_to_agree(relation_match):
    """"filmed" is only loosely "director" (it does not stand out among five relations, see
    test_relation_standing.py): that bar is off here, to see the scorer's veto alone."""
    relation_match = RelationMatch(AlignmentRanker(), lambda: VOCABULARY, AbstentionOptions(standing_min=0.0),
                                   matcher=relation_match.matcher)
    agreed = relation_match.assess("who filmed X", "director", ["director"], trained=(0.8, 0.8))
    assert agreed.recognised == ("meaning",), agreed.parts
    overruled = relation_match.assess("who filmed X", "director", ["director"], trained=(0.1, 0.8))
    assert overruled.recognised == () and relation_match.reason(overruled, "Jaws")
    assert overruled.parts["trained"] == 0.1 and overruled.parts["trained_top"] == 0.8


def test_named_relations_do_not_need_the_scorer(relation_match):
    match = relation_match.assess("who directed X", "director", ["director"], trained=(0.0, 0.9))
    assert "alignment" in match.recognised


def test_dates_do_not_answer_a_question_that_asks_for_none(relation_match):
    dates = [Entity(Literal("1958-01-01T00:00:00Z", XSD + "dateTime"))]
    match = relation_match.assess("how long is X", "publication date", ["publication date"])
    reason = relation_match.kind_reason("How long is Vertigo?", match, dates, "Vertigo")
    assert "publication date" in reason and "\n" not in reason
    asked = relation_match.assess("when did X come out", "publication date", ["publication date"])
    assert relation_match.kind_reason("When did Vertigo come out?", asked, dates, "Vertigo") is None


def test_whole_numbers_along_a_measure_are_no_dates(relation_match):
    """"How long is the Nile" along ``length km`` reaches 6650, a measure: only a relation whose name
    reads as a date makes such a number a year ("how long is Vertigo" along ``release year``)."""
    numbers = [Entity(Literal("6650"))]
    measured = relation_match.assess("how long is X", "length km", ["length km"])
    assert relation_match.kind_reason("How long is the Nile?", measured, numbers, "Nile") is None
    dated = relation_match.assess("how long is X", "release year", ["release year"])
    assert "dates" in relation_match.kind_reason("How long is Vertigo?", dated, [Entity(Literal("1958"))], "Vertigo")
    assert "dates" in relation_match.kind_reason("Who wrote the Nile?", measured, numbers, "Nile")   # a person asked
    year_like = [Entity(Literal("2014"))]            # could be a year, and no measure is asked: still a date
    assert "dates" in relation_match.kind_reason("What is the website of X?", measured, year_like, "X")
    assert relation_match.kind_reason("How long is the Thames?", measured, [Entity(Literal("1346"))], "Thames") is None


def test_a_named_relation_the_scorer_favours_overrules_a_confident_prior(relation_match):
    """"Which titles list X as director": the prior (0.69 on its favourite) wants another chain, but
    the question names the chain's relation and the scorer, which reads hop order, ranks it first."""
    agreed = relation_match.assess("which titles list X as director", "director (reverse)",
                                   ["director (reverse)"], 0.08, 0.69, trained=(0.38, 0.38))
    assert agreed.recognised == ("alignment and scorer",), agreed.parts
    refused = relation_match.assess("which titles list X as director", "director (reverse)",
                                    ["director (reverse)"], 0.08, 0.69, trained=(0.2, 0.38))
    assert refused.recognised == () and relation_match.reason(refused, "Lars von Trier")


def test_meaning_alone_does_not_outweigh_a_relation_the_question_names_elsewhere():
    """"Who was X's mother" names ``parents`` and none of the chain's relations: the whole question's
    likeness to ``spouse`` does not recognise that chain (the topic has no parents in the KG)."""
    family = ["spouse", "parents", "children", "profession", "nationality", "gender"]
    matcher = RelationMatcher(encoder=build_ranker("embedding"))

    def assess(options):
        return RelationMatch(AlignmentRanker(), lambda: family, options, matcher=matcher).assess(
            "who was X's mother", "spouse", ["spouse"], trained=(0.5, 0.5))

    refused = assess(AbstentionOptions())
    assert refused.recognised == () and refused.wanted == "parents", refused.parts
    assert refused.parts["named_elsewhere"] == 1.0
    assert assess(AbstentionOptions(named_elsewhere=False, standing_min=0)).recognised == ("meaning",)
    named = RelationMatch(AlignmentRanker(), lambda: family, AbstentionOptions(), matcher=matcher).assess(
        "who was X's wife", "spouse", ["spouse"], trained=(0.5, 0.5))
    assert "named_elsewhere" not in named.parts


def test_a_who_question_is_never_answered_by_dates(relation_match):
    years = [Entity(Literal("1972", XSD + "gYear"))]
    named = relation_match.assess("who founded X", "publication date", ["publication date"])
    named.parts["alignment"] = 1.0          # "founded" named a founding-year relation word for word
    assert "dates" in relation_match.kind_reason("Who founded SAP?", named, years, "SAP")
    assert relation_match.kind_reason("When was SAP founded?", named, years, "SAP") is None


def test_a_when_question_answered_with_a_place_is_refused_even_when_named(relation_match):
    """"When was X born" names a birth-place relation word for word; a place is still no date."""
    named = relation_match.assess("when was X born", "director", ["director"])
    named.parts["alignment"] = 1.0
    reason = relation_match.kind_reason("When was Reinhold Messner born?", named, [Entity(Literal("Brixen"))],
                                        "Reinhold Messner")
    assert reason and "asks for a date" in reason
    assert relation_match.kind_reason("When was Reinhold Messner born?", named, [Entity(Literal("1944"))],
                                      "Reinhold Messner") is None


def test_a_loose_match_that_does_not_stand_out_among_the_kgs_relations_is_not_recognised(relation_match):
    match = relation_match.assess("who filmed X", "director", ["director"], trained=(0.8, 0.8))
    assert match.recognised == () and match.parts["standing"] < AbstentionOptions().standing_min
    assert "director" in relation_match.reason(match, "Jaws")


def test_when_names_no_other_dated_relation_against_a_dated_chain(relation_match):
    """"when" says a date is asked, not which one: on a KG with a launch date and a birth year, "when
    did X lift off" along ``launch date`` does not count as naming ``birth year`` instead (whether it
    is answered is then for the other views); along a relation that gives no date it is refused."""
    vocabulary = ["birth year", "launch date", "discovery year", "launch vehicle", "crew member", "launch site",
                  "operator"]
    aligner = AlignmentRanker()
    aligner.use_matcher(relation_match.matcher)         # as in a method: the aligner reads "when" by meaning
    match = RelationMatch(aligner, lambda: vocabulary, AbstentionOptions(), matcher=relation_match.matcher)
    dated = match.assess("when did X lift off", "launch date", ["launch date"], trained=(1.0, 1.0))
    assert "named_elsewhere" not in dated.parts, dated.parts
    undated = match.assess("when did X lift off", "operator", ["operator"], trained=(1.0, 1.0))
    assert match.reason(undated, "X"), undated.parts

"""wanted_labels / prefer_typed: the question's answer-type word ("which **directors**") names the
relation whose values it asks for (real alignment ranker over MiniLM), and the best chain ending
forwards along it goes first; a word that another word repeats ("which screenplays did X write")
or a kind ("which films") names nothing."""
from __future__ import annotations

from kgsparql.methods.answer_type import ends_as_wanted, framed_kind, prefer_named_length, prefer_typed, wanted_labels
from kgsparql.rank.alignment import AlignmentRanker
from kgsparql.types import Relation

LABELS = ["director", "cast member", "screenwriter", "genre"]
CAST_BACK, DIRECTOR, DIRECTED = Relation("cast member", inverse=True), Relation("director"), Relation("director", inverse=True)


def verbalize(relation: Relation) -> str:
    return relation.iri


def test_the_answer_type_word_names_the_relation_it_asks_for():
    ranker = AlignmentRanker()
    assert wanted_labels(ranker, "Which directors has X worked with?", LABELS) == {"director"}
    assert wanted_labels(ranker, "Which screenplays did X write?", LABELS) == set()
    assert wanted_labels(ranker, "Which films did X direct?", LABELS) == set()
    assert wanted_labels(ranker, "Who directed X?", LABELS) == set()


def test_the_chain_ending_on_the_wanted_values_goes_first():
    ranked = [((DIRECTED,), 0.9), ((CAST_BACK, DIRECTOR), 0.6), ((CAST_BACK,), 0.5)]
    out = prefer_typed(ranked, {"director"}, verbalize)
    assert [c for c, _ in out] == [(CAST_BACK, DIRECTOR), (DIRECTED,), (CAST_BACK,)]
    assert dict(out)[(DIRECTED,)] == 0.9
    assert ends_as_wanted((CAST_BACK, DIRECTOR), {"director"}, verbalize)
    assert not ends_as_wanted((DIRECTED,), {"director"}, verbalize)


def test_a_weak_or_absent_typed_chain_changes_nothing():
    ranked = [((DIRECTED,), 0.9), ((CAST_BACK, DIRECTOR), 0.3)]
    assert prefer_typed(ranked, {"director"}, verbalize) == ranked
    assert prefer_typed(ranked, set(), verbalize) == ranked


def test_a_typed_chain_that_drops_a_relation_another_word_names_stays_behind():
    designed, born, city = Relation("designed by"), Relation("birthplace"), Relation("city")
    ranked = [((designed, born), 0.96), ((city,), 0.66)]      # "which *city* was the designer of X *born* in"
    assert prefer_typed(ranked, {"city"}, verbalize, named=frozenset({"designed by", "birthplace"})) == ranked
    assert prefer_typed(ranked, {"city"}, verbalize)[0][0] == (city,)          # no other word named: moved
    assert prefer_typed(ranked, {"city"}, verbalize, named=frozenset({"genre"}))[0][0] == (city,)


def test_a_kind_of_thing_asks_for_the_relation_that_classifies_it():
    from kgsparql.meaning import MatcherOptions, RelationMatcher
    ranker = AlignmentRanker()
    matcher = RelationMatcher(MatcherOptions(), encoder=ranker.encoder)
    names = {"genre": ("genre", "type of film"), "director": ("director", "film director")}
    assert framed_kind(matcher, names, "What kind of movie is X?", LABELS) == {"genre"}
    assert framed_kind(matcher, names, "Who directed X?", LABELS) == set()
    assert framed_kind(None, names, "What kind of movie is X?", LABELS) == set()


def test_a_question_naming_no_relation_stops_at_the_first_hop():
    ranked = [((CAST_BACK, DIRECTOR), 0.9), ((CAST_BACK,), 0.5)]
    assert [c for c, _ in prefer_named_length(ranked, named=False)] == [(CAST_BACK,), (CAST_BACK, DIRECTOR)]
    assert prefer_named_length(ranked, named=True) == ranked

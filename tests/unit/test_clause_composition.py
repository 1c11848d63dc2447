"""KELGoP's composition by a clause: a noun whose clause ends in the topic is the inner sub-question,
the rest of the question the outer one; MetaQA's own nested templates keep their readings."""
from __future__ import annotations

import pytest

from kgsparql.methods.kelgop.nested_phrases import compositions, nested


@pytest.mark.parametrize("question, inner, outer", [
    ("The country that contains X has what political system?", "The country that contains X",
     "X has what political system?"),
    ("What currency is used in the country with X?", "the country with X", "What currency is used in X?"),
    ('Where is the artist who recorded "X" from?', 'the artist who recorded "X"', "Where is X from?"),
    ("What degree did the official who held the title X have?", "the official who held the title X",
     "What degree did X have?"),
    ("What is the year that the team whose's arena is the X won the Superbowl?", "the team whose's arena is the X",
     "What is the year that X won the Superbowl?"),
])
def test_a_noun_with_a_clause_ending_in_the_topic_is_the_inner_question(question, inner, outer):
    [comp] = compositions(question, "X")
    assert (comp.inner, comp.outer, comp.kind) == (inner, outer, "clause")


@pytest.mark.parametrize("question", [
    "who directed the films that X starred in",          # the clause goes on past the topic
    "Which films did X direct?",                           # no clause at all
    "which person wrote the films directed by X",          # a participle alone: the chain prior's templates
])
def test_no_clause_composition_without_a_clause_that_ends_in_the_topic(question):
    assert [c for c in compositions(question, "X") if c.kind == "clause"] == []


def test_a_noun_of_a_thing_named_with_its_kind_keeps_the_kind():
    [comp, _] = compositions("What type of paintings were created by the subject of the movie X?", "X")
    assert (comp.inner, comp.outer, comp.kind) == ("the subject of the movie X", "What type of paintings were created by X?", "of")


def test_the_other_nested_phrases_come_first():
    comps = compositions("what are the films that share directors with X", "X")
    assert [c.kind for c in comps] == ["share"]


@pytest.mark.parametrize("question, expected", [
    ("What language is spoken where X beer is made?", True),
    ("What languages are spoken by residents of the X?", True),
    ("What is the official language of the country where X is a minister?", True),
    ("Which films did X direct?", False),
    ("Who wrote X?", False),
    ("Where was X filmed?", False),
])
def test_nested_reads_a_topic_inside_a_phrase_about_something_else(question, expected):
    assert nested(question, "X") is expected


@pytest.mark.parametrize("question, inner, outer", [
    ("which other missions used the same launch vehicle as X", "the launch vehicle of X", "which other missions used X"),
    ("which albums came out on the same label as X", "the label of X", "which albums came out on X"),
])
def test_the_same_noun_as_the_topic_is_shared_with_it(question, inner, outer):
    [comp] = compositions(question, "X")
    assert (comp.inner, comp.outer, comp.kind) == (inner, outer, "share")


def test_an_outer_hop_back_along_the_inner_one_restates_a_lookup():
    from kgsparql.methods.kelgop.composition import _walks_back
    from kgsparql.types import Relation

    cast = Relation("http://x/r/cast", "cast")
    assert _walks_back((cast,), (cast.reversed(),))                  # "who was in [the cast of X]"
    assert not _walks_back((cast,), (cast,))
    assert not _walks_back((cast,), (Relation("http://x/r/born", "born"),))
    assert not _walks_back((cast,), (cast.reversed(), cast))           # a longer walk is not a restatement
    born = Relation("http://x/r/born", "born")
    assert _walks_back((cast, born), (born.reversed(),))               # back along the inner's last hop


def test_a_kind_before_the_topic_that_opens_a_clause_is_no_nesting():
    """"the capital of the country X comes from" is the capital of X's country, not the place that
    the capital of "the country X" comes from."""
    assert all(c.inner != "the capital of the country X"
               for c in compositions("What is the capital of the country X comes from?", "X"))
    [comp, *_] = compositions("What stadium does the champion of the tournament X play at?", "X")
    assert (comp.inner, comp.outer) == ("the champion of the tournament X", "What stadium does X play at?")
    [comp, *_] = compositions("In the location that is the setting of the film X, what is its flower?", "X")
    assert comp.inner == "the setting of the film X"
    [comp, *_] = compositions("in the location that is the setting of the film X what is its flower", "X")
    assert comp.inner == "the setting of the film X"       # as linking masks it: no punctuation

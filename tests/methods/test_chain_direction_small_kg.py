"""Readings of FRAG's chain order on small KGs (``frag.grammar_order``): "the <plural> of X" along a
relation between things of one kind takes the way that reaches several; a last hop that names the
noun asked for is walked towards it; the label's preposition fits "where" / "who". Hand-built chains,
in words of no fixture."""
from __future__ import annotations

from kgsparql.methods.frag.grammar_order import many_ends_first, preposition_first, role_noun_first
from kgsparql.types import Entity, Relation

TEACHES = Relation("http://x/r/teaches", "teaches")


def _ends(n_forward: int, n_back: int) -> dict:
    one = lambda i: Entity(f"http://x/e/{i}", f"e{i}")  # noqa: E731
    return {(TEACHES,): [one(i) for i in range(n_forward)],
            (TEACHES.reversed(),): [one(100 + i) for i in range(n_back)]}


def test_a_plural_noun_that_nests_the_topic_takes_the_way_that_reaches_several():
    ranked = [((TEACHES,), 0.9), ((TEACHES.reversed(),), 0.6)]
    out = many_ends_first("who are the pupils of X", ranked, _ends(1, 3))
    assert out[0][0] == (TEACHES.reversed(),) and out[0][1] == 0.6, "scores kept, order changed"


def test_a_singular_noun_or_a_verb_keeps_the_order():
    ranked = [((TEACHES,), 0.9), ((TEACHES.reversed(),), 0.6)]
    assert many_ends_first("who is the mentor of X", ranked, _ends(1, 3)) == ranked
    assert many_ends_first("which pupils does X teach", ranked, _ends(1, 3)) == ranked
    assert many_ends_first("what is the class of X", ranked, _ends(1, 3)) == ranked


def test_both_ways_several_or_one_keeps_the_order():
    ranked = [((TEACHES,), 0.9), ((TEACHES.reversed(),), 0.6)]
    assert many_ends_first("who are the pupils of X", ranked, _ends(2, 3)) == ranked
    assert many_ends_first("who are the pupils of X", ranked, _ends(1, 1)) == ranked


HAS_PUPIL = Relation("http://x/r/hasPupil", "has pupil")
SCHOOL = Relation("http://x/r/school", "school")
HOME_TOWN = Relation("http://x/r/homeTown", "home town")
SITS_IN = Relation("http://x/r/sitsIn", "sits in")
verbalize = lambda r: r.label  # noqa: E731


def test_a_has_noun_hop_walked_away_from_the_noun_asked_gives_way_to_the_other_way():
    ranked = [((SCHOOL, HAS_PUPIL.reversed()), 0.9), ((HOME_TOWN.reversed(), HAS_PUPIL), 0.8)]
    out = role_noun_first("who are the pupils of the tutor behind X", ranked, verbalize)
    assert out[0][0] == (HOME_TOWN.reversed(), HAS_PUPIL)
    assert role_noun_first("who are the tutors of the school behind X", ranked, verbalize) == ranked


def test_a_noun_label_walked_backwards_stops_at_its_noun():
    """"Which town is X in" along ``sits in ; home town (reverse)`` reaches whoever has that town as
    home town; the prefix stops at the town."""
    ranked = [((SITS_IN, HOME_TOWN.reversed()), 0.9), ((SITS_IN,), 0.3)]
    out = role_noun_first("which town is X in", ranked, verbalize)
    assert out[0][0] == (SITS_IN,) and out[0][1] == 0.3
    forwards = [((SITS_IN, HOME_TOWN), 0.9), ((SITS_IN,), 0.3)]
    assert role_noun_first("which town is X in", forwards, verbalize) == forwards, "walked to the town already"
    assert role_noun_first("which person is X in", ranked, verbalize) == ranked, "the label names no person"


FILMED_BY = Relation("http://x/r/filmedBy", "filmed by")
FILMED_IN = Relation("http://x/r/filmedIn", "filmed in")
SHOWN_IN = Relation("http://x/r/shownIn", "shown in")


def test_the_preposition_that_fits_where_or_who_goes_first():
    ranked = [((FILMED_BY,), 0.9), ((SHOWN_IN,), 0.85), ((FILMED_IN,), 0.8)]
    assert preposition_first("Where was Y filmed?", ranked, verbalize)[0][0] == (FILMED_IN,)
    assert preposition_first("Who filmed Y?", ranked, verbalize) == ranked, "'by' fits who"
    back = [((FILMED_IN,), 0.9), ((FILMED_BY,), 0.8)]
    assert preposition_first("Who filmed Y?", back, verbalize)[0][0] == (FILMED_BY,)
    other_way = [((FILMED_BY,), 0.9), ((FILMED_IN.reversed(),), 0.8)]
    assert preposition_first("Where was Y filmed?", other_way, verbalize) == other_way, "walked the other way"
    assert preposition_first("When was Y filmed?", ranked, verbalize) == ranked

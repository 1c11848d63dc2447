"""KELGoP's composition reads its outer question one way for every inner answer: the chain the
question's words name best, then the chain most inner answers took."""
from __future__ import annotations

from kgsparql.methods.kelgop.composition import one_reading
from kgsparql.methods.kelgop.sub_questions import SubQuestion


def _sub(chain, alignment, answers=("a",)):
    return SubQuestion("q", answers, chain=chain, match={"alignment": alignment})


def test_the_chain_the_words_name_is_kept_even_when_fewer_entities_hold_it():
    genre, subject = ("genre",), ("main subject",)
    subs = [_sub(subject, 0.0), _sub(genre, 0.8), _sub(subject, 0.0), _sub(genre, 0.8, ("b",))]
    kept = one_reading(subs)
    assert [s.chain for s in kept] == [genre, genre] and [s.answers for s in kept] == [("a",), ("b",)]


def test_among_equally_named_chains_the_most_common_wins_and_unanswered_ones_are_dropped():
    one, two = ("r1",), ("r2",)
    subs = [_sub(one, 0.0), _sub(two, 0.0), _sub(two, 0.0), _sub(None, 0.0, ())]
    assert [s.chain for s in one_reading(subs)] == [two, two]
    assert one_reading([_sub(None, 0.0, ())])[0].chain is None       # nothing answered: unchanged

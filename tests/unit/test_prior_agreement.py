"""The per-KG chain prior speaks on a question only where the question's words do not contradict it
(``methods/frag/prior_agreement.py``): it keeps silent only when every judge (the zero-shot rankers,
the shared chain scorer) prefers the topic's best chain to a favourite the topic lacks."""
from __future__ import annotations

from kgsparql.methods.frag.prior_agreement import direction_from_kg, favourite_holds

PROBS = {"plays_for_country": 0.6, "is_in_country": 0.3, "directed_by": 0.01}


def test_a_favourite_the_topic_lacks_loses_only_when_every_judge_prefers_the_candidate():
    against = lambda keys: [0.0] * len(keys) + [1.0]       # the topic's best chain comes last
    for_it = lambda keys: [0.8] * len(keys) + [0.2]
    assert favourite_holds(PROBS, ["plays_for_country", "is_in_country"], [against])   # the topic has it
    assert not favourite_holds(PROBS, ["is_in_country"], [against, against])
    assert favourite_holds(PROBS, ["is_in_country"], [against, for_it])
    assert favourite_holds(PROBS, ["is_in_country"], [lambda keys: [0.5] * (len(keys) + 1)])


def test_the_kg_tells_the_direction_of_the_relation_the_prior_and_the_words_agree_on():
    from kgsparql.learn.chains import chain_key
    from kgsparql.types import Relation

    wrote = Relation("https://kg.example/r/written_by")
    forward, backward = chain_key([wrote]), chain_key([wrote.reversed()])
    genre = chain_key([Relation("https://kg.example/r/has_genre")])
    probs = {forward: 0.7, backward: 0.25, genre: 0.05}
    # "What did Jean Webster write?": the writer holds the relation backwards only, and the words pick it
    folded = direction_from_kg(probs, [backward, genre], best=backward)
    assert folded == {backward: 0.95, genre: 0.05}
    # the words pick another chain: the prior's direction is not the KG's to fix, nothing moves
    assert direction_from_kg(probs, [backward, genre], best=genre) == probs
    # the topic holds the favourite itself: nothing moves
    assert direction_from_kg(probs, [forward, backward], best=backward) == probs
    two_hops = chain_key([wrote, Relation("https://kg.example/r/has_genre")])
    assert direction_from_kg({two_hops: 0.9}, [backward], best=backward) == {two_hops: 0.9}

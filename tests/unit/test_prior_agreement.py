"""The per-KG chain prior speaks on a question only where the question's words do not contradict it
(``methods/frag/prior_agreement.py``): it keeps silent only when every judge (the zero-shot rankers,
the shared chain scorer) prefers the topic's best chain to a favourite the topic lacks."""
from __future__ import annotations

from kgsparql.methods.frag.prior_agreement import favourite_holds

PROBS = {"plays_for_country": 0.6, "is_in_country": 0.3, "directed_by": 0.01}


def test_a_favourite_the_topic_lacks_loses_only_when_every_judge_prefers_the_candidate():
    against = lambda keys: [0.0] * len(keys) + [1.0]       # the topic's best chain comes last
    for_it = lambda keys: [0.8] * len(keys) + [0.2]
    assert favourite_holds(PROBS, ["plays_for_country", "is_in_country"], [against])   # the topic has it
    assert not favourite_holds(PROBS, ["is_in_country"], [against, against])
    assert favourite_holds(PROBS, ["is_in_country"], [against, for_it])
    assert favourite_holds(PROBS, ["is_in_country"], [lambda keys: [0.5] * (len(keys) + 1)])

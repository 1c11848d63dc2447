"""Orders of FRAG's zero-shot candidates that the question's words settle where the rankers do not
(a KG the chain prior was not trained on): a label read with its head word (``head_words``) and the
direction of a "<verb> by" relation (``passive_direction``). Each moves one one-hop candidate to the
front, keeping the scores; neither names a relation of any KG."""
from __future__ import annotations

from typing import Callable, Sequence

from ...meaning import without_direction
from ..head_words import head_word_rival
from ..passive_direction import topic_role

__all__ = ["head_word_first", "passive_first"]


def _to_front(ranked: list, at: int | None) -> list:
    if at is not None:
        ranked.insert(0, ranked.pop(at))
    return ranked


def head_word_first(masked: str, ranked: Sequence[tuple[tuple, float]], verbalize: Callable) -> list:
    """A one-hop candidate whose label the question names where the best one-hop chain's label is
    only its head or its modifier's extension ("where does X work": ``works at``, not ``field of
    work``) goes first."""
    ranked = list(ranked)
    if not ranked or len(ranked[0][0]) != 1:
        return ranked
    labels = {verbalize(c[0]) for c, _ in ranked if len(c) == 1}
    rival = head_word_rival(masked, [verbalize(ranked[0][0][0])], labels)
    return _to_front(ranked, next((i for i, (c, _) in enumerate(ranked)
                                   if len(c) == 1 and verbalize(c[0]) == rival), None))


def passive_first(masked: str, ranked: Sequence[tuple[tuple, float]], verbalize: Callable) -> list:
    """The best one-hop chain along a "<verb> by" relation walked the way the question's grammar says
    ("which languages influenced X": forwards along ``influenced by``; "what did X influence":
    backwards): the other direction goes first when it is a candidate."""
    ranked = list(ranked)
    if not ranked or len(ranked[0][0]) != 1:
        return ranked
    hop = ranked[0][0][0]
    role = topic_role(masked, without_direction(verbalize(hop)))
    if role is None or hop.inverse == (role == "agent"):
        return ranked
    return _to_front(ranked, next((i for i, (c, _) in enumerate(ranked) if c == (hop.reversed(),)), None))

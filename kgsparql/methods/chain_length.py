"""Hop count from the question and the KG, not from how far a walk can go: a question about one
relation of X must not walk on to other entities like X. "what is the currency used in italy"
ranks ``currency used`` below ``currency used ; countries used`` (the other countries that use the
euro), because the extra hop repeats the words of the first. A chain whose last hop leads back
towards the topic's own kind (its relation also links the middle entities to the topic: the same
relation reversed, or its inverse in a KG that stores both directions) is a *return*: it goes behind
its prefix when the prefix is a candidate too. One batched ``neighbors_among`` per chain checked."""
from __future__ import annotations

from typing import Callable, Sequence

from ..errors import KGSparqlError

__all__ = ["prefer_prefixes", "prefer_extension", "prefer_return", "returns_to_topic"]


def prefer_prefixes(ranked: Sequence[tuple[tuple, float]], is_return: Callable[[tuple], bool],
                    depth: int = 3) -> list[tuple[tuple, float]]:
    """``ranked`` (chain, score) best first; while the best of the first ``depth`` chains is a return
    whose prefix is a candidate, it moves behind that prefix (scores kept)."""
    ranked = list(ranked)
    candidates = {chain for chain, _ in ranked}
    for _ in range(depth):
        chain = ranked[0][0] if ranked else ()
        if len(chain) < 2 or chain[:-1] not in candidates or not is_return(chain):
            break
        at = next(i for i, (c, _) in enumerate(ranked) if c == chain[:-1])
        ranked.insert(at, ranked.pop(0))
    return ranked


def prefer_extension(ranked: Sequence[tuple[tuple, float]], asks_only_for_last: Callable[[tuple], bool],
                     depth: int = 4) -> list[tuple[tuple, float]]:
    """``ranked`` (chain, score) best first; when one of the next ``depth`` chains extends the best by
    one hop and the question's words name that hop and nothing of the best ("who acted in films by
    X": ``director (reverse)`` names nothing, ``… ; cast member`` names "acted"), it goes first."""
    ranked = list(ranked)
    best = ranked[0][0] if ranked else ()
    at = next((i for i, (c, _) in enumerate(ranked[1:depth + 1], 1)
               if len(c) == len(best) + 1 and c[:-1] == best and asks_only_for_last(c)), None)
    if at is not None:
        ranked.insert(0, ranked.pop(at))
    return ranked


def prefer_return(ranked: Sequence[tuple[tuple, float]]) -> list[tuple[tuple, float]]:
    """For a question that asks for entities like the topic ("who has acted alongside X"): when the
    best chain does not come back to the topic's kind, the best candidate that leaves along the same
    first hop and comes back along it (``r ; r reversed``) goes first (scores kept)."""
    ranked = list(ranked)
    best = ranked[0][0] if ranked else ()
    if not best or (len(best) > 1 and best[-1] == best[-2].reversed()):
        return ranked
    at = next((i for i, (c, _) in enumerate(ranked) if len(c) == 2 and c[0] == best[0] and c[1] == c[0].reversed()), None)
    if at is not None:
        ranked.insert(0, ranked.pop(at))
    return ranked


def returns_to_topic(adapter, topics: Sequence, chain: tuple, middles: Sequence) -> bool:
    """Does the last hop of ``chain``, from the ``middles`` (entities the chain reaches one hop
    before its end), also lead to a topic entity?"""
    last, previous = chain[-1], chain[-2]
    if last == previous.reversed():
        return True
    if len(chain) != 2 or not middles:
        return False
    try:
        return bool(adapter.neighbors_among(list(middles)[:50], last, list(topics), limit=10))
    except KGSparqlError:
        return False

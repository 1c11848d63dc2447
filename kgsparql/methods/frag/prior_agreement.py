"""Whether FRAG's per-KG chain prior knows a question's phrasing. The prior was fitted on one KG's
template questions; on a phrasing unlike them it can be confidently wrong ("in which country is X
based" read as the WC2014 template for a player's national team), and veto the chain the topic has.
When the topic lacks the prior's favourite chain and every judge that reads the KG's own relation
words (the zero-shot rankers, the shared chain scorer) prefers the topic's best chain to it, the
prior stays silent on that question (it neither reorders nor vetoes). Where any judge sides with it
(template-like questions, relations the topic really lacks), the prior speaks as before."""
from __future__ import annotations

from typing import Callable, Sequence

__all__ = ["favourite_holds"]


def favourite_holds(probs: dict[str, float], candidates: Sequence[str],
                    judges: Sequence[Callable[[list[str]], Sequence[float]]]) -> bool:
    """Whether the prior's favourite chain still speaks for the question once the topic's own chains
    are known: the topic has it (``candidates``: their keys), or the rankers score its words at least
    as high as the candidate they like best. ``judges``: each scores a list of keys, with the topic's
    best candidate appended last (the zero-shot rankers; the shared trained scorer). The prior loses only
    when every judge prefers the candidate: it wants a chain the question's words do not ask for, and
    the topic's chains are judged without it."""
    favourite = max(probs, key=probs.get)
    if favourite in candidates:
        return True
    for judge in judges:
        mine, theirs = judge([favourite])
        if mine >= theirs - 1e-9:
            return True
    return False

"""Whether FRAG's per-KG chain prior knows a question's phrasing. The prior was fitted on one KG's
template questions; on a phrasing unlike them it can be confidently wrong ("in which country is X
based" read as the WC2014 template for a player's national team), and veto the chain the topic has.
When the topic lacks the prior's favourite chain and every judge that reads the KG's own relation
words (the zero-shot rankers, the shared chain scorer) prefers the topic's best chain to it, the
prior stays silent on that question (it neither reorders nor vetoes). Where any judge sides with it
(template-like questions, relations the topic really lacks), the prior speaks as before.

Direction is the KG's to tell, not the question's words: "what did X write" reads the same whether X
is the writer or the written. Where the prior favours a one-hop relation in the direction the topic
lacks, and the topic holds it the other way as the chain the question's words fit best, its belief
goes to the direction the topic holds (``direction_from_kg``)."""
from __future__ import annotations

from typing import Callable, Sequence

from ...learn.chains import chain_key, parse_chain_key

__all__ = ["favourite_holds", "direction_from_kg"]


def direction_from_kg(probs: dict[str, float], candidates: Sequence[str], best: str) -> dict[str, float]:
    """``probs`` with the one-hop chain that is ``best`` the other way round folded into ``best``,
    when the topic lacks it (``candidates``: the keys of the topic's chains; ``best``: the one the
    question's words fit best); unchanged otherwise. The words and the prior then agree on the
    relation, and the KG tells its direction."""
    hop = parse_chain_key(best)
    mirror = chain_key([hop[0].reversed()]) if len(hop) == 1 else None
    if mirror not in probs or mirror in set(candidates):
        return probs
    out = dict(probs)
    out[best] = out.get(best, 0.0) + out.pop(mirror)
    return out


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

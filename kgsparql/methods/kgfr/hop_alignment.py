"""How the hops of one relation chain align, in order, with a question's relation words: the
strength aligned, the words covered, and the F1 of the two that KGFR ranks chains by."""
from __future__ import annotations

import itertools

from ...types import Relation

__all__ = ["Chain", "aligned_strength", "aligned_f1", "reverse_of", "returns"]

Chain = tuple[Relation, ...]


def aligned_strength(labels: list[str], chain: Chain, occurrences, sibling: bool) -> tuple[float, float]:
    """The best order-preserving alignment of hops with words: each word used once, a later hop
    never on a word nearer the topic than an earlier hop's; a returning hop of a same-kind
    question aligns by itself; the answer-type word is covered by a last hop going forwards
    along its relation. Returns (hop strength aligned, word strength covered)."""
    free = [sibling and i > 0 and reverse_of(chain[i], chain[i - 1]) for i in range(len(chain))]
    useful = [j for j, (_, ls, _) in enumerate(occurrences) if any(l in ls for l in labels)]
    best = (0.0, 0.0)
    for pick in itertools.product([None, *useful], repeat=len(chain)):
        used = [j for j in pick if j is not None]
        if len(used) != len(set(used)) or [occurrences[j][0] for j in used] != sorted(occurrences[j][0] for j in used):
            continue
        hops, words, returned = 0.0, 0.0, False
        for i, j in enumerate(pick):
            strength = occurrences[j][1].get(labels[i], 0.0) if j is not None else 0.0
            if strength > 0:
                hops, words = hops + 1.0, words + strength      # a hop is aligned or not; words weigh
            elif free[i] and not returned:
                hops, returned = hops + 1.0, True
        wh = next((j for j, g in enumerate(occurrences) if g[2]), None)
        if wh is not None and wh not in used and not chain[-1].inverse:
            words += occurrences[wh][1].get(labels[-1], 0.0)
        best = max(best, (hops, words))
    return best


def aligned_f1(aligned: float, covered: float, hops: int, total: float) -> float:
    if aligned <= 0 or not hops:
        return 0.0
    precision = min(1.0, aligned / hops)
    recall = min(1.0, covered / total) if total else 1.0
    return 2 * precision * recall / (precision + recall)


def reverse_of(a: Relation, b: Relation) -> bool:
    return a.iri == b.iri and a.via == b.via and a.inverse != b.inverse


def returns(chain: Chain) -> bool:
    return any(reverse_of(chain[i], chain[i - 1]) for i in range(1, len(chain)))

"""Which KG relations the claim's words name, and which entity pair each word belongs to.

The relation labels are the KG's own (``adapter.verbalize`` of the relations around the linked
entities); the ``alignment`` ranker says which claim word names which label (stems, then MiniLM).
A word belongs to the pair of the hub and the non-hub entity nearest to it in the text, the
following one on a tie ("directed by X and starred Y": *directed* goes to X, *starred* to Y)."""
from __future__ import annotations

import re
from dataclasses import dataclass

from ..rank.base import tokenize
from .linked import Mentioned

__all__ = ["RelationWord", "relation_words", "assign_words"]


@dataclass(frozen=True)
class RelationWord:
    word: str
    position: int                  # character offset in the claim
    labels: frozenset[str]         # the KG relation labels it names
    strength: float = 1.0          # 1.0 when the word's stem is in a label, else its embedding cosine


def relation_words(aligner, claim: str, masked_claim: str, labels: list[str]) -> list[RelationWord]:
    """The claim's words that name one of ``labels``, with their positions in ``claim``."""
    if not labels:
        return []
    evidence = aligner.evidence(masked_claim, sorted(set(labels)))
    out = []
    lowered = claim.lower()
    for word, named in evidence.items():
        m = re.search(rf"(?<![^\W_]){re.escape(word)}(?![^\W_])", lowered)
        out.append(RelationWord(word, m.start() if m else 0, frozenset(named), max(named.values())))
    return sorted(out, key=lambda w: w.position)


def _distance(claim: str, word: RelationWord, m: Mentioned) -> tuple[int, int, int]:
    """Content words between the word and the mention (function words do not count), then the
    side (the entity that follows the word wins a tie), then characters."""
    if word.position >= m.end:
        between = claim[m.end:word.position]
        return len(tokenize(between, stopwords=True)), 1, len(between)
    if word.position < m.start:
        between = claim[word.position + len(word.word):m.start]
        return len(tokenize(between, stopwords=True)), 0, len(between)
    return 0, 0, 0


def assign_words(claim: str, words: list[RelationWord], hub: Mentioned,
                 others: list[Mentioned]) -> dict[Mentioned, list[RelationWord]]:
    """Each relation word goes to the non-hub entity nearest to it."""
    out: dict[Mentioned, list[RelationWord]] = {m: [] for m in others}
    for w in words:
        if others:
            out[min(others, key=lambda m: _distance(claim, w, m))].append(w)
    return out

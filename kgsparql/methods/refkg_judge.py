"""How well a relation chain matches a question, for RefKG's LLM-free relation choice and joint
inference. Zero-shot, any KG: the question's relation words are found against the KG's own relation
vocabulary by the ``alignment`` ranker, and a chain scores the F1 of its hops aligned one-to-one
with those words (plus a little MiniLM similarity of the whole chain, and a tie-break for hop order).

Two English cues that no relation name carries are read from the question's wording:

- sharing: "other", "else", "share", "alongside", ... ask for entities that share something with the
  topic, which a chain expresses by a hop that walks back along the previous hop's relation
  (``directed by ; directed by (reverse)``); such a hop aligns with the cue word;
- zig-zag: a hop that returns along ``r ; r (reverse) ; r`` aligns with no word (it names nothing new);
- order: the hop next to the topic is named next to it ("films directed by X" starts with
  ``directed by``), so hops whose words lie further from the topic mention come later."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

import numpy as np

from ..rank import minmax, tokenize
from ..types import Relation

__all__ = ["ChainJudge", "QuestionJudge", "SHARING_CUES"]

SHARING_CUES = frozenset("other others else also share shares shared sharing same alongside together fellow".split())
_CUE = "<walk back>"


@dataclass(frozen=True)
class ChainJudge:
    aligner: object                          # the alignment ranker (.evidence)
    encoder: object                          # the embedding ranker (.rank)
    vocabulary: Callable[[], Sequence[str]]  # the KG's relation words (read once, cached by the caller)
    verbalize: Callable[[Relation], str]
    semantic_weight: float = 0.25
    order_weight: float = 0.04

    def for_question(self, masked: str) -> "QuestionJudge":
        return QuestionJudge(self, masked)

    def words(self, chain: Sequence[Relation]) -> str:
        return " ; ".join(self.verbalize(r) + (" (reverse)" if r.inverse else "") for r in chain)


class QuestionJudge:
    def __init__(self, judge: ChainJudge, masked: str):
        self.j, self.masked = judge, masked
        words = tokenize(masked, stopwords=True)
        self.position = {w: i for i, w in reversed(list(enumerate(words)))}
        self.anchor = self.position.get("x")
        self.cues = [w for w in words if w in SHARING_CUES][:1]
        self._evidence: dict | None = None

    def evidence(self, labels: Sequence[str]) -> dict[str, dict[str, float]]:
        """word -> {relation words it names: strength}, over the KG vocabulary and ``labels``."""
        if self._evidence is None or not set(labels) <= self._labels:
            self._labels = set(self.j.vocabulary()) | set(labels)
            found = self.j.aligner.evidence(self.masked, sorted(self._labels))
            self._evidence = {w: e for w, e in found.items() if w not in SHARING_CUES}
        return self._evidence

    def alignment(self, chain: Sequence[Relation]) -> tuple[float, float]:
        """(F1 of hops aligned with relation or cue words, share of aligned hop pairs in order)."""
        labels = [self.j.verbalize(r) for r in chain]
        evidence = self.evidence(labels)
        total = sum(max(e.values()) for e in evidence.values()) + len(self.cues)
        options = [[(w, e[label]) for w, e in evidence.items() if label in e] for label in labels]
        for i in range(1, len(chain)):
            if i >= 2 and chain[i - 1] == chain[i - 2].reversed() and chain[i] == chain[i - 2]:
                options[i] = []     # a zig-zag (r ; r reversed ; r) walks back to where it was: it names nothing new
            elif self.cues and chain[i] == chain[i - 1].reversed():
                options[i].append((_CUE, 1.0))
        aligned, words = _best_assignment(options, 0, frozenset())
        if not chain or aligned <= 0:
            return 0.0, 0.0
        precision, recall = aligned / len(chain), (aligned / total if total else 1.0)
        return 2 * precision * recall / (precision + recall), self._order(words)

    def _order(self, words: tuple) -> float:
        where = [self._distance(w) for w in words if w is not None]
        where = [d for d in where if d is not None]
        pairs = list(zip(where, where[1:]))
        return 1.0 if not pairs else sum(a <= b for a, b in pairs) / len(pairs)

    def _distance(self, word: str) -> int | None:
        if self.anchor is None:
            return None
        at = self.position.get(self.cues[0] if word == _CUE and self.cues else word)
        return None if at is None else abs(at - self.anchor)

    def scores(self, chains: Sequence[Sequence[Relation]]) -> list[float]:
        """One score per chain: alignment F1 + weighted MiniLM similarity + hop-order tie-break."""
        if not chains:
            return []
        texts = [self.j.words(c) for c in chains]
        raw = self.j.encoder.rank(self.masked, texts)
        semantic = np.full(len(raw), 0.5) if max(raw) - min(raw) <= 1e-12 else np.asarray(minmax(raw))
        out = []
        for chain, sem in zip(chains, semantic):
            f1, order = self.alignment(chain)
            out.append(f1 + self.j.semantic_weight * float(sem) + self.j.order_weight * order)
        return out


def _best_assignment(options: list, hop: int, used: frozenset) -> tuple[float, tuple]:
    """Best total strength assigning each hop at most one distinct word (exhaustive: chains are short)."""
    if hop == len(options):
        return 0.0, ()
    best, words = _best_assignment(options, hop + 1, used)
    words = (None, *words)
    for word, strength in options[hop]:
        if word not in used:
            rest, rest_words = _best_assignment(options, hop + 1, used | {word})
            if strength + rest > best:
                best, words = strength + rest, (word, *rest_words)
    return best, words

"""How well a relation chain matches a question, for RefKG's LLM-free relation choice and joint
inference. Zero-shot, any KG: the question's relation words are found against the KG's own relation
vocabulary by the ``alignment`` ranker, and a chain scores the F1 of its hops aligned one-to-one
with those words (plus a little MiniLM similarity, a hop-order preference and an answer-shape check;
the wording helpers are in ``refkg_words``).

English cues that no relation name carries are read from the question's wording:

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

from ...rank import minmax, tokenize
from ...rank.path_words import chain_words
from ...types import Relation
from .question_cues import (CUE, SHARING_CUES, answer_type, best_assignment, one_mention_per_relation,
                          shape_mismatch, wanted_shape)

__all__ = ["ChainJudge", "QuestionJudge"]


@dataclass(frozen=True)
class ChainJudge:
    aligner: object                          # the alignment ranker (.evidence)
    encoder: object                          # the embedding ranker (.rank)
    vocabulary: Callable[[], Sequence[str]]  # the KG's relation words (read once, cached by the caller)
    verbalize: Callable[[Relation], str]
    semantic_weight: float = 0.1
    order_weight: float = 0.2
    shape_weight: float = 0.3

    def for_question(self, masked: str, question: str = "") -> "QuestionJudge":
        return QuestionJudge(self, masked, question or masked)

    def words(self, chain: Sequence[Relation]) -> str:
        return chain_words(chain, self.verbalize)


class QuestionJudge:
    def __init__(self, judge: ChainJudge, masked: str, question: str):
        self.j, self.masked, self.question = judge, masked, question
        words = tokenize(masked, stopwords=True)
        self.position = {w: i for i, w in reversed(list(enumerate(words)))}
        self.anchor = self.position.get("x")
        self.cues = [w for w in words if w in SHARING_CUES][:1]
        every = tokenize(masked)
        self.raw = {w: i for i, w in reversed(list(enumerate(every)))}
        self.answer_type = answer_type(every)
        self._evidence: dict | None = None
        self._assigned: dict = {}
        self.wants = wanted_shape(every)

    def evidence(self, labels: Sequence[str]) -> dict[str, dict[str, float]]:
        """word -> {relation words it names: strength}, over the KG vocabulary and ``labels``."""
        if self._evidence is None or not set(labels) <= self._labels:
            self._labels = set(self.j.vocabulary()) | set(labels)
            read = getattr(self.j.aligner, "question_evidence", self.j.aligner.evidence)   # one mention per phrase
            found = read(self.masked, sorted(self._labels))
            self._evidence = one_mention_per_relation({w: e for w, e in found.items() if w not in SHARING_CUES},
                                                       self.answer_type, self.raw)
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
                options[i].append((CUE, 1.0))
        far = 10 ** 6
        options = [sorted(o, key=lambda ws: self._distance(ws[0]) if self._distance(ws[0]) is not None else far)
                   for o in options]    # on equal strength, the earlier hop takes the word nearer the topic
        aligned, words = best_assignment(options, 0, frozenset())
        self._assigned[tuple(chain)] = words
        if not chain or aligned <= 0:
            return 0.0, 0.0
        precision, recall = aligned / len(chain), (aligned / total if total else 1.0)
        damping = 0.5 if self._ends_at_subject(chain) else 1.0  # "which directors": the relation's object is asked
        return damping * 2 * precision * recall / (precision + recall), self._order(words)

    def _ends_at_subject(self, chain: Sequence[Relation]) -> bool:
        """The answer-type word alone names the last hop's relation, and the hop goes backwards."""
        wanted = (self._evidence or {}).get(self.answer_type or "", {})
        return bool(chain) and chain[-1].inverse and self.j.verbalize(chain[-1]) in wanted

    def unnamed_hops(self, chain: Sequence[Relation]) -> int:
        """Hops aligned with no word for which the question has no other content word either (not
        a relation, cue or answer-type word) nearer the topic than the words of the later hops: a
        chain with such a hop answers something the question does not ask."""
        if tuple(chain) not in self._assigned:
            self.alignment(chain)
        words = self._assigned[tuple(chain)]
        used = set(words) | {"x", self.answer_type, *self.cues}
        free = [self._distance(w) for w in self.position if w not in used and w not in self._evidence]
        unnamed = 0
        for i, word in enumerate(words):
            later = [d for d in (self._distance(w) for w in words[i + 1:] if w is not None) if d is not None]
            if word is None and not any(d is not None and d <= min(later, default=10**6) for d in free):
                unnamed += 1
        return unnamed

    def _order(self, words: tuple) -> float:
        where = [self._distance(w) for w in words if w is not None and w != CUE]
        where = [d for d in where if d is not None]
        pairs = list(zip(where, where[1:]))
        return 1.0 if not pairs else sum(a <= b for a, b in pairs) / len(pairs)

    def _distance(self, word: str) -> int | None:
        if self.anchor is None:
            return None
        at = self.position.get(self.cues[0] if word == CUE and self.cues else word)
        return None if at is None else abs(at - self.anchor)

    def scores(self, chains: Sequence[Sequence[Relation]], examples: Sequence[Sequence[str]] = (),
               ends: Sequence[Sequence[str]] = ()) -> list[float]:
        """One score per chain: alignment F1 + weighted MiniLM similarity + hop-order tie-break. The
        similarity is the question's with the chain's ``examples`` (its paths in words, names and
        all: "Spirited Away directed by Hayao Miyazaki" answers "who made Spirited Away" better than
        the bare relation words) when given, else with the masked question and the words of the
        chain's last hop (relation choice, where the earlier hops are shared).
        ``ends`` (the chains' answer names) lower a chain whose answers have the wrong shape for
        the question word: numbers for "who", names for "when" / "what year" / "how many"."""
        if not chains:
            return []
        if examples:
            flat = [t for texts in examples for t in texts]
            sims = iter(self.j.encoder.rank(self.question, flat)) if flat else iter(())
            raw = [max([next(sims) for _ in texts], default=0.0) for texts in examples]
        else:   # the last hop's words: few distinct texts, cached, while whole chains are many
            raw = self.j.encoder.rank(self.masked, [self.j.words(c[-1:]) for c in chains])
        semantic = np.full(len(raw), 0.5) if max(raw) - min(raw) <= 1e-12 else np.asarray(minmax(raw))
        out = []
        for i, (chain, sem) in enumerate(zip(chains, semantic)):
            f1, order = self.alignment(chain)
            shape = shape_mismatch(self.wants, ends[i]) if ends else 0.0
            out.append(f1 + self.j.semantic_weight * float(sem) + self.j.order_weight * order
                       - self.j.shape_weight * shape)
        return out

"""``RelationMatcher``: how well relations (in words: labels, aliases, verbalised ids) match a question,
by meaning. Each relation gets the best of its names; a name scores

    max(cos(question, name), max over the question's content words w of cos(w, name))   (MiniLM)
    blended with the share of the name's word stems that the question uses (``lexical_weight``),

so "who acted in X" reaches ``cast member`` through its alias ``actor``, "when was X released" reaches
``publication date`` through ``release date``, and a relation that nobody names scores low. Without
the ``embed`` extra (no encoder) the semantic part is BM25 over the names. Scores are in [0, 1] and
comparable across questions and KGs: ``recognises`` calls a relation meant when it is within
``margin`` of the best relation of the KG's vocabulary and at least ``min_score``."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Hashable, Mapping, Protocol, Sequence

import numpy as np

from ..errors import ConfigError
from ..rank.base import stem, tokenize

__all__ = ["RelationMatcher", "MatcherOptions", "Encoder", "MASK"]

MASK = "x"      # what linking puts where the topic entity was ("who directed x")


class Encoder(Protocol):
    def embed(self, texts: Sequence[str]) -> np.ndarray: ...


@dataclass(frozen=True)
class MatcherOptions:
    lexical_weight: float = 0.35    # share of the score from word-stem overlap
    word_weight: float = 1.0        # single question words count this much against the whole question
    margin: float = 0.08            # a relation this close to the best one is meant too ...
    min_score: float = 0.3          # ... when it scores at least this

    def __post_init__(self) -> None:
        if not all(0.0 <= x <= 1.0 for x in (self.lexical_weight, self.word_weight, self.margin, self.min_score)):
            raise ConfigError("matcher weights, margin and min_score must be in [0, 1]")


def _content_words(text: str, skip: frozenset[str] = frozenset()) -> list[str]:
    return [w for w in dict.fromkeys(tokenize(text, stopwords=True)) if w != MASK and not w.isdigit() and w not in skip]


@lru_cache(maxsize=200_000)
def _name_stems(name: str) -> frozenset[str]:
    return frozenset(stem(w) for w in tokenize(name, stopwords=True))


def _overlap(question_stems: set[str], name: str) -> float:
    name_stems = _name_stems(name)
    return len(name_stems & question_stems) / len(name_stems) if name_stems else 0.0


class RelationMatcher:
    """Built with its options and an encoder (``None``: BM25 only); ``rank`` takes data only."""

    def __init__(self, options: MatcherOptions | None = None, encoder: Encoder | None = None):
        self.options = options or MatcherOptions()
        self.encoder = encoder

    def name_scores(self, text: str, names: Sequence[str], skip: frozenset[str] = frozenset()) -> np.ndarray:
        """One score in [0, 1] per name. ``skip``: words of ``text`` that count only as part of the
        whole question, never alone (the kind of entity asked about: "which **films**")."""
        if not names:
            return np.zeros(0)
        stems = {stem(w) for w in _content_words(text, skip)}
        lexical = np.array([_overlap(stems, n) for n in names])
        semantic = self._semantic(text, list(names), skip)
        w = self.options.lexical_weight
        return np.clip((1 - w) * semantic + w * lexical, 0.0, 1.0)

    def _semantic(self, text: str, names: list[str], skip: frozenset[str] = frozenset()) -> np.ndarray:
        if self.encoder is None:
            from ..rank.bm25 import BM25Ranker

            raw = np.asarray(BM25Ranker().rank(text, names), dtype=float)
            return raw / raw.max() if raw.max() > 0 else raw
        words = _content_words(text, skip)
        vectors = self.encoder.embed([text, *words, *names])
        q, word_vecs, name_vecs = vectors[0], vectors[1:1 + len(words)], vectors[1 + len(words):]
        best = name_vecs @ q
        if len(words):
            best = np.maximum(best, self.options.word_weight * (name_vecs @ word_vecs.T).max(axis=1))
        return np.clip(best, 0.0, 1.0)

    def rank(self, text: str, relations: Sequence[str] | Mapping[Hashable, Sequence[str]],
             skip: frozenset[str] = frozenset()) -> list[tuple]:
        """``relations``: names, or relation -> its names. ``[(relation, score)]``, best first."""
        groups = {r: [r] for r in relations} if not isinstance(relations, Mapping) else \
            {k: list(v) for k, v in relations.items()}
        names = list(dict.fromkeys(n for ns in groups.values() for n in ns))
        scores = dict(zip(names, self.name_scores(text, names, skip).tolist()))
        ranked = [(k, max((scores[n] for n in ns), default=0.0)) for k, ns in groups.items()]
        return sorted(ranked, key=lambda kv: -kv[1])

    def recognises(self, score: float, best: float) -> bool:
        """Whether a relation scoring ``score`` is meant, the best of the vocabulary scoring ``best``."""
        return score >= self.options.min_score and score >= best - self.options.margin

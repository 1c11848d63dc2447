"""Which words of a question a relation chain covers, and from which side of the chain.

A chain is walked from the question's topic. A hop walked forwards is named for what it reaches
(``adjoins``, ``official language``); a hop walked backwards is named for the side it starts from
(``countries used`` read backwards from a country reaches a currency). So the question's words, and
above all the noun it asks with ("what 5 **countries** ...", "what is the **official language** of
x"), mean something different when a forward hop covers them than when a reverse hop does, and
more when the last hop (the answer's side) covers them than the first (the topic's side).

``direction_features(question, chains, encoder, hop_scores)`` gives ``DIRECTION_FEATURES`` scalars
per chain, read from frozen MiniLM and word stems only (no relation is named anywhere):

- the mean, over the question's content words, of each word's best cosine to the forward hops and
  to the reverse hops (0 where the chain has none);
- the asked noun phrase against the last hop (one feature for a forward last hop, one for a
  reverse one), against the best reverse hop, and whether the question has one;
- the share of the question's stems the forward and the reverse hops use; the asked phrase's stems
  in the reverse hops and in a forward last hop;
- the ``RelationMatcher`` score of the first and of the last hop; whether the last hop is reversed."""
from __future__ import annotations

import re
from typing import Mapping, Sequence

import numpy as np

from ..rank.base import STOPWORDS, stems, tokenize

__all__ = ["DIRECTION_FEATURES", "asked_phrase", "direction_features"]

DIRECTION_FEATURES = ("words_forward", "words_reverse", "asked_last_forward", "asked_last_reverse",
                      "asked_reverse", "has_asked", "stems_forward", "stems_reverse", "asked_stems_reverse",
                      "asked_stems_last_forward", "first_hop", "last_hop", "last_reverse")

_WH = frozenset({"what", "which", "name"})
_SKIP = frozenset({"is", "was", "are", "were", "the", "a", "an", "kind", "kinds", "type", "types", "sort",
                   "sorts", "of", "other"})
_NUMBER = re.compile(r"^\d+$")


def asked_phrase(question: str, mask: str = "x") -> str:
    """The noun phrase a "what/which" question asks with: up to two words after the wh-word, its
    copula, article, count or "kind of", up to the first function word or the topic's mask.
    "what 5 countries border x" -> "countries border"; "what is the official language of x" ->
    "official language"; "who directed x" -> "" (the wh-word says what is asked)."""
    words = tokenize(question)
    start = next((i for i, w in enumerate(words[:3]) if w in _WH), None)
    if start is None:
        return ""
    i = start + 1
    while i < len(words) and (words[i] in _SKIP or _NUMBER.match(words[i])):
        i += 1
    phrase = []
    for w in words[i:i + 2]:
        if w == mask or w in STOPWORDS:
            break
        phrase.append(w)
    return " ".join(phrase)


def _content(question: str, mask: str) -> list[str]:
    return [w for w in dict.fromkeys(tokenize(question, stopwords=True)) if w != mask and not w.isdigit()]


def _share(part: set[str], whole: set[str]) -> float:
    return len(part & whole) / len(whole) if whole else 0.0


def direction_features(question: str, chains: Sequence, encoder, hop_scores: Mapping[str, float],
                       mask: str = "x") -> np.ndarray:
    """One row of ``len(DIRECTION_FEATURES)`` per chain (``ChainText``); ``hop_scores``: the
    ``RelationMatcher`` score of every hop text of the chains."""
    rows = np.zeros((len(chains), len(DIRECTION_FEATURES)), dtype=np.float32)
    if not len(chains):
        return rows
    words, asked = _content(question, mask), asked_phrase(question, mask)
    hops = list(dict.fromkeys(h for ch in chains for h in ch.hops))
    vectors = encoder.embed([*hops, *words, *([asked] if asked else [])])
    hop_vec = dict(zip(hops, vectors[:len(hops)]))
    word_vecs = vectors[len(hops):len(hops) + len(words)]
    asked_vec = vectors[-1] if asked else None
    q_stems, a_stems = stems(" ".join(words)), stems(asked)
    for i, ch in enumerate(chains):
        fwd = [h for h, r in zip(ch.hops, ch.reverse) if not r]
        rev = [h for h, r in zip(ch.hops, ch.reverse) if r]
        last, last_rev = ch.hops[-1], bool(ch.reverse[-1])
        asked_last = float(asked_vec @ hop_vec[last]) if asked else 0.0
        fwd_stems, rev_stems = stems(" ".join(fwd)), stems(" ".join(rev))
        rows[i] = (
            _words_cover(word_vecs, [hop_vec[h] for h in fwd]),
            _words_cover(word_vecs, [hop_vec[h] for h in rev]),
            0.0 if last_rev else asked_last, asked_last if last_rev else 0.0,
            max((float(asked_vec @ hop_vec[h]) for h in rev), default=0.0) if asked else 0.0,
            bool(asked), _share(fwd_stems, q_stems), _share(rev_stems, q_stems),
            _share(rev_stems, a_stems), 0.0 if last_rev else _share(stems(last), a_stems),
            hop_scores[ch.hops[0]], hop_scores[last], last_rev)
    return rows


def _words_cover(word_vecs: np.ndarray, hop_vecs: list) -> float:
    """Mean over the question's words of the best cosine to any of ``hop_vecs`` (0 with none)."""
    if not len(word_vecs) or not hop_vecs:
        return 0.0
    return float((word_vecs @ np.stack(hop_vecs).T).max(axis=1).mean())

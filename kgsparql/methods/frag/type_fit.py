"""The noun a question asks for, read against what each chain reaches. "What *music* did X play"
reaches *Cornet* along ``instruments played`` and *Jazz* along ``genre``; "what is the predominant
*religion* where the leader is X" reaches *Chief Rabbi* and *Judaism*. Where the best-ranked chain's ends are
far from the noun the question asks for and a chain close behind it (as many hops, at least
``min_share`` of its score) reaches ends that are clearly nearer (``lead``, MiniLM cosine of the
noun phrase and the ends' own names) and near in themselves (``min_fit``), that chain goes first.

The noun phrase is read from the question's words only ("which N", "what N", "what is the N of",
"what kind of N"); the ends' names come from the KG. No relation, type or phrasing of any KG is
named here."""
from __future__ import annotations

import re
from typing import Mapping, Sequence

from ...rank.base import STOPWORDS, tokenize

__all__ = ["asked_noun", "type_fit_first"]

_WH = re.compile(r"\b(?:which|what)\b\s*(.*)$", re.I)
_FRAME = {"kind", "kinds", "type", "types", "sort", "sorts"}
_COPULA = {"is", "are", "was", "were", "the", "a", "an"}


def asked_noun(masked: str, most: int = 2) -> str | None:
    """The words right after "which" / "what" (a copula, an article, a number and "kind of" skipped),
    up to ``most`` of them and up to the first function word or the topic: "what is the primary
    *language* of X" -> "primary language"; None when the question names no noun there."""
    m = _WH.search(masked)
    if not m:
        return None
    words = tokenize(m.group(1))
    while words and (words[0] in _COPULA or words[0].isdigit()):
        words = words[1:]
    if len(words) > 1 and words[0] in _FRAME and words[1] == "of":
        words = words[2:]
    out = []
    for w in words:
        if w in STOPWORDS or w == "x" or w.isdigit():
            break
        out.append(w)
    return " ".join(out[:most]) or None


def _fits(encoder, noun: str, chains: Sequence, ends: Mapping, sample: int) -> dict:
    """Chain -> the nearest of (up to ``sample`` of) its ends' names to the noun phrase or its first
    word (the nearest end, not the mean: a list of languages spoken holds the official one too)."""
    nouns = list(dict.fromkeys([noun, noun.split()[0]]))     # "countries border": "countries" too
    kinds = {n.rstrip("s") for n in nouns}      # an end named by the noun itself is the kind, not one of
    named = {c: sorted({e.name for e in ends.get(c, ())                # it ("what guitar": *Guitar*)
                        if e.name and e.name.lower().rstrip("s") not in kinds})[:sample] for c in chains}
    texts = [*nouns, *dict.fromkeys(n for names in named.values() for n in names)]
    if len(texts) <= len(nouns):
        return {}
    vectors = encoder.embed(texts)
    near = (vectors[len(nouns):] @ vectors[:len(nouns)].T).max(axis=1)
    cos = {t: float(v) for t, v in zip(texts[len(nouns):], near)}
    return {c: max(cos[n] for n in names) for c, names in named.items() if names}


def type_fit_first(encoder, masked: str, ranked: Sequence[tuple[tuple, float]], ends: Mapping,
                   depth: int = 5, min_share: float = 0.5, lead: float = 0.1, min_fit: float = 0.5,
                   sample: int = 5) -> list:
    """``ranked`` (chain, score) best first; the chain among the first ``depth`` of the best's hop count
    whose ends fit the asked noun best goes first when it leads the best-ranked chain's fit by ``lead``,
    fits at least ``min_fit`` itself (MiniLM reads "books" nearer an author's name than a title's, at
    about 0.38 against 0.25: only a clear fit counts) and scores at least ``min_share`` of the best.
    ``ends``: chain -> the entities it reaches."""
    ranked = list(ranked)
    noun = asked_noun(masked) if encoder is not None and len(ranked) > 1 and ranked[0][1] > 0 else None
    if noun is None:
        return ranked
    first, top = ranked[0][0], ranked[0][1]
    close = [c for c, s in ranked[:depth] if len(c) == len(first) and s >= min_share * top]
    fits = _fits(encoder, noun, close, ends, sample) if len(close) > 1 else {}   # no MiniLM call for one chain
    if first not in fits or len(fits) < 2:
        return ranked
    best = max(fits, key=lambda c: fits[c])
    if fits[best] >= min_fit and fits[best] - fits[first] >= lead:
        ranked.insert(0, ranked.pop(next(i for i, (c, _) in enumerate(ranked) if c == best)))
    return ranked

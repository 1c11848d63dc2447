"""The noun a question asks for, read against what each chain reaches. "What *music* did X play"
reaches *Cornet* along ``instruments played`` and *Jazz* along ``genre``; "what is the predominant
*religion* where the leader is X" reaches *Chief Rabbi* and *Judaism*. Where the best-ranked chain's ends are
far from the noun the question asks for and a chain close behind it (as many hops, at least
``min_share`` of its score) reaches ends that are clearly nearer (``lead``, MiniLM cosine of the
noun phrase and the ends' own names) and near in themselves (``min_fit``), that chain goes first.

How far to walk, on a KG no chain prior knows: ``walk_on.py``.

The noun phrase is read from the question's words only ("which N", "what N", "what is the N of",
"what kind of N"); the ends' names and roles come from the KG. No relation, type or phrasing of any KG
is named here."""
from __future__ import annotations

import re
from typing import Iterable, Mapping, Sequence

from ...rank.base import STOPWORDS, tokenize

__all__ = ["asked_noun", "noun_fits", "type_fit_first", "type_fit_order", "sampled_ends"]

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


def sampled_ends(ends: Iterable, sample: int, kinds: set[str] = frozenset()) -> list:
    """Up to ``sample`` of ``ends`` by name, leaving out an end named by the noun itself: that end is
    the kind, not one of it ("what guitar": *Guitar*)."""
    named = {e.name: e for e in ends if e.name and e.name.lower().rstrip("s") not in kinds}
    return [named[n] for n in sorted(named)[:sample]]


def noun_fits(encoder, noun: str, chains: Sequence, ends: Mapping, sample: int, roles: Mapping | None = None,
          last_words=None, head: bool = False) -> dict:
    """Chain -> the nearest of (up to ``sample`` of) its ends to the noun phrase or its first word (the
    nearest end, not the mean: a list of languages spoken holds the official one too); with ``head``
    its last word too, the head of an English noun phrase ("predominant *religion*": the adjective and
    the phrase sit far from *Judaism*, the head does not). An end is read
    by its name and, where ``roles`` holds them (``end_roles``), the words of the relations that reach
    it, and of the chain's own last hop either way (``last_words``: chain -> them): the nearest counts."""
    nouns = list(dict.fromkeys([noun, noun.split()[0], *noun.split()[-1:] * head]))  # "countries border": "countries" too
    kinds = {n.rstrip("s") for n in nouns}
    roles = roles or {}
    sampled = {c: sampled_ends(ends.get(c, ()), sample, kinds) for c in chains}
    texts_of = {c: {t for e in found for t in (e.name, *roles.get(e, ()))}
                | ({last_words(c)} if last_words else set()) for c, found in sampled.items() if found}
    texts = [*nouns, *dict.fromkeys(t for words in texts_of.values() for t in sorted(words))]
    if len(texts) <= len(nouns):
        return {}
    vectors = encoder.embed(texts)
    near = (vectors[len(nouns):] @ vectors[:len(nouns)].T).max(axis=1)
    cos = {t: float(v) for t, v in zip(texts[len(nouns):], near)}
    return {c: max(cos[t] for t in words) for c, words in texts_of.items()}


def type_fit_first(encoder, masked: str, ranked: Sequence[tuple[tuple, float]], ends: Mapping,
                   depth: int = 5, min_share: float = 0.5, lead: float = 0.1, min_fit: float = 0.5,
                   sample: int = 5) -> list:
    """``type_fit_order``'s ranking among chains of the best's hop count alone."""
    return type_fit_order(encoder, masked, ranked, ends, depth, min_share, lead, min_fit, sample)[0]


def type_fit_order(encoder, masked: str, ranked: Sequence[tuple[tuple, float]], ends: Mapping,
                   depth: int = 5, min_share: float = 0.5, lead: float = 0.1, min_fit: float = 0.5,
                   sample: int = 5, walk=None) -> tuple[list, tuple | None]:
    """``ranked`` (chain, score) best first; the chain among the first ``depth`` of the best's hop count
    whose ends' names fit the asked noun best goes first when it leads the best-ranked chain's fit by
    ``lead``, fits at least ``min_fit`` itself (MiniLM reads "books" nearer an author's name than a
    title's, at about 0.38 against 0.25: only a clear fit counts) and scores at least ``min_share`` of
    the best. ``ends``: chain -> the entities it reaches.

    ``walk``: where given (a ``walk_on.WalkOn``), the walk may then go one hop past the (new) first, to
    the kind asked for. Also the chain it walked to (None where it did not)."""
    ranked = list(ranked)
    noun = asked_noun(masked) if encoder is not None and len(ranked) > 1 and ranked[0][1] > 0 else None
    if noun is None:
        return ranked, None
    first, top = ranked[0][0], ranked[0][1]
    close = [c for c, s in ranked[:depth] if len(c) == len(first) and s >= min_share * top]
    fits = noun_fits(encoder, noun, close, ends, sample, head=True) if len(close) > 1 else {}   # no MiniLM call for one chain
    if first in fits and len(fits) > 1:
        best = max(fits, key=lambda c: fits[c])
        if fits[best] >= min_fit and fits[best] - fits[first] >= lead:
            ranked.insert(0, ranked.pop(next(i for i, (c, _) in enumerate(ranked) if c == best)))
    if walk is None:
        return ranked, None
    return walk.order(encoder, masked, noun, ranked, ends, depth, min_share)

"""The noun a question asks for, read against what each chain reaches. "What *music* did X play"
reaches *Cornet* along ``instruments played`` and *Jazz* along ``genre``; "what is the predominant
*religion* where the leader is X" reaches *Chief Rabbi* and *Judaism*. Where the best-ranked chain's ends are
far from the noun the question asks for and a chain close behind it (as many hops, at least
``min_share`` of its score) reaches ends that are clearly nearer (``lead``, MiniLM cosine of the
noun phrase and the ends' own names) and near in themselves (``min_fit``), that chain goes first.

How far to walk, on a KG no chain prior knows (``type_fit_order`` with ``roles``): "in which *country*
was X born" ranks ``born in`` first, whose ends are cities; the chain one hop on, ``born in ; located
in``, reaches ends that the KG's other facts reach through ``located in`` or ``country`` (their roles,
``end_roles``: one batched ``relations_in`` look-up) and whose names and roles are clearly nearer the
noun, so the walk goes on to them.

The noun phrase is read from the question's words only ("which N", "what N", "what is the N of",
"what kind of N"); the ends' names and roles come from the KG. No relation, type or phrasing of any KG
is named here."""
from __future__ import annotations

import re
from typing import Iterable, Mapping, Sequence

from ...errors import KGSparqlError
from ...rank.base import STOPWORDS, tokenize
from .bridges import nests

__all__ = ["asked_noun", "type_fit_first", "type_fit_order", "end_roles"]

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


def _sampled(ends: Iterable, sample: int, kinds: set[str] = frozenset()) -> list:
    """Up to ``sample`` of ``ends`` by name, leaving out an end named by the noun itself: that end is
    the kind, not one of it ("what guitar": *Guitar*)."""
    named = {e.name: e for e in ends if e.name and e.name.lower().rstrip("s") not in kinds}
    return [named[n] for n in sorted(named)[:sample]]


def end_roles(adapter, verbalize, chains: Sequence, ends: Mapping, sample: int = 5) -> dict:
    """End -> the words of the relations that reach it anywhere in the KG: what the KG's other facts
    call it (an end reached through ``country`` or ``capital city`` is a country or a city, one reached
    through ``manufacturer`` a company), for up to ``sample`` ends of each of ``chains``. One batched
    look-up (``relations_in``); {} where the adapter refuses it."""
    wanted = {e for c in chains for e in _sampled(ends.get(c, ()), sample) if not e.is_literal}
    if not wanted:
        return {}
    try:
        counts = adapter.relations(sorted(wanted, key=lambda e: e.id), "in")
    except KGSparqlError:
        return {}
    roles: dict = {}
    for rc in counts:
        roles.setdefault(rc.entity, set()).add(verbalize(rc.relation))
    return {e: tuple(sorted(words)) for e, words in roles.items()}


def _fits(encoder, noun: str, chains: Sequence, ends: Mapping, sample: int, roles: Mapping | None = None,
          last_words=None) -> dict:
    """Chain -> the nearest of (up to ``sample`` of) its ends to the noun phrase or its first word (the
    nearest end, not the mean: a list of languages spoken holds the official one too). An end is read
    by its name and, where ``roles`` holds them (``end_roles``), the words of the relations that reach
    it, and of the chain's own last hop either way (``last_words``: chain -> them): the nearest counts."""
    nouns = list(dict.fromkeys([noun, noun.split()[0]]))     # "countries border": "countries" too
    kinds = {n.rstrip("s") for n in nouns}
    roles = roles or {}
    sampled = {c: _sampled(ends.get(c, ()), sample, kinds) for c in chains}
    texts_of = {c: {t for e in found for t in (e.name, *roles.get(e, ()))}
                | ({last_words(c)} if last_words else set()) for c, found in sampled.items() if found}
    texts = [*nouns, *dict.fromkeys(t for words in texts_of.values() for t in sorted(words))]
    if len(texts) <= len(nouns):
        return {}
    vectors = encoder.embed(texts)
    near = (vectors[len(nouns):] @ vectors[:len(nouns)].T).max(axis=1)
    cos = {t: float(v) for t, v in zip(texts[len(nouns):], near)}
    return {c: max(cos[t] for t in words) for c, words in texts_of.items()}


def _walks_on(chain: tuple, first: tuple) -> bool:
    """``chain`` walks one hop on from ``first`` ("in which country was X formed": ``formed in ;
    located in`` past ``formed in``)."""
    return len(chain) == len(first) + 1 and chain[: len(first)] == first


def type_fit_first(encoder, masked: str, ranked: Sequence[tuple[tuple, float]], ends: Mapping,
                   depth: int = 5, min_share: float = 0.5, lead: float = 0.1, min_fit: float = 0.5,
                   sample: int = 5) -> list:
    """``type_fit_order``'s ranking among chains of the best's hop count alone."""
    return type_fit_order(encoder, masked, ranked, ends, depth, min_share, lead, min_fit, sample)[0]


def type_fit_order(encoder, masked: str, ranked: Sequence[tuple[tuple, float]], ends: Mapping,
                   depth: int = 5, min_share: float = 0.5, lead: float = 0.1, min_fit: float = 0.5,
                   sample: int = 5, roles=None, walk_lead: float = 0.15,
                   verbalize=None) -> tuple[list, tuple | None]:
    """``ranked`` (chain, score) best first; the chain among the first ``depth`` of the best's hop count
    whose ends' names fit the asked noun best goes first when it leads the best-ranked chain's fit by
    ``lead``, fits at least ``min_fit`` itself (MiniLM reads "books" nearer an author's name than a
    title's, at about 0.38 against 0.25: only a clear fit counts) and scores at least ``min_share`` of
    the best. ``ends``: chain -> the entities it reaches.

    ``roles``: where given, (chains, ends) -> ``end_roles``: then a chain one hop past the (new) first
    goes first where the first's ends do not fit (below ``min_fit``) and its own, read by name and by
    the relations that reach them and the words of its last hop (``verbalize``: relation -> words), fit
    by ``walk_lead`` better: the asked kind is where the walk stops. Roles say what an object is; the
    first's ends are subjects where its last hop goes backwards, and unless the question nests its topic
    in a phrase ("which series does *the game directed by X* belong to") they are what it asks for.
    Also that chain (None where no walk on was taken)."""
    ranked = list(ranked)
    noun = asked_noun(masked) if encoder is not None and len(ranked) > 1 and ranked[0][1] > 0 else None
    if noun is None:
        return ranked, None
    first, top = ranked[0][0], ranked[0][1]
    close = [c for c, s in ranked[:depth] if len(c) == len(first) and s >= min_share * top]
    fits = _fits(encoder, noun, close, ends, sample) if len(close) > 1 else {}   # no MiniLM call for one chain
    if first in fits and len(fits) > 1:
        best = max(fits, key=lambda c: fits[c])
        if fits[best] >= min_fit and fits[best] - fits[first] >= lead:
            ranked.insert(0, ranked.pop(next(i for i, (c, _) in enumerate(ranked) if c == best)))
    if roles is None or verbalize is None or (ranked[0][0][-1].inverse and not nests(masked)):
        return ranked, None     # "which projects were forked from X" asks for the subjects the last hop reaches
    return _walk_on(encoder, noun, ranked, ends, (roles, verbalize), depth, min_share, min_fit, walk_lead, sample)


def _walk_on(encoder, noun: str, ranked: list, ends: Mapping, reading, depth: int, min_share: float,
             min_fit: float, lead: float, sample: int) -> tuple[list, tuple | None]:
    """``type_fit_order``'s walk one hop on to the kind asked for (one batched look-up of the ends'
    roles, only where such a chain is close). ``reading``: (roles, verbalize)."""
    first, top = ranked[0]
    ways = [c for c, s in ranked[:depth] if s >= min_share * top and _walks_on(c, first)]
    if not ways:
        return ranked, None
    roles, verbalize = reading
    fits = _fits(encoder, noun, [first, *ways], ends, sample, roles([first, *ways], ends), lambda c: verbalize(c[-1]))
    best = max(ways, key=lambda c: fits.get(c, -1.0))
    if first not in fits or best not in fits or fits[first] >= min_fit or fits[best] < min_fit \
            or fits[best] - fits[first] < lead:
        return ranked, None
    ranked.insert(0, ranked.pop(next(i for i, (c, _) in enumerate(ranked) if c == best)))
    return ranked, best

"""The far end of a chain, not its middle, where the question names both: "which *buildings* stand in
the *capital* of X", "which *paintings* are in *museums* located in X", "which *country* is the
*designer* of X from". The question names two nouns: the one it asks for (after "which" / "what") and
the one of the phrase that holds its topic (the inner noun). A chain whose ends read as the inner noun
(*Paris*, the museums, the designer) stops in the middle; a chain one hop longer whose ends read
clearly nearer the asked noun than the inner one (the buildings, the paintings, the country) goes
first, its score kept. Only a one-hop best chain is read so: a longer one may already have walked past
the inner phrase ("what *albums* did the *band* formed in X record"), and names read too loosely
(*Island Records* reads nearer "albums" than *Achtung Baby* does) to tell.

Both nouns come from the question's words (English grammar: "which N", "the N of X", "X's N",
"Ns located in X", "Ns that ... X"), the ends' names from the KG; each end is read by MiniLM against
the two nouns, so the test is relative and needs no absolute bar. No relation, type or phrasing of
any KG is named here."""
from __future__ import annotations

import re
from typing import Mapping, Sequence

from ...linking.topics import MASK
from ...rank.base import STOPWORDS, tokenize
from ..answer_kind import looks_like_date
from .type_fit import asked_noun, sampled_ends

__all__ = ["far_end_first", "inner_noun"]

_WORD = r"[A-Za-z][\w\-]*"
_PARTICIPLE = r"born|made|built|written|known|held|run|sung|drawn|shown|grown|taken|given|sold|led|won"  # irregular
# the phrase that holds the topic: "the capital of X", "the studio where X ...", "X's designer",
# or a bare plural with a participle or relative clause: "museums located in X", "rivers that ... X"
_HOLDS = (rf"\b(?:the|a|an) (?:{_WORD} ){{0,2}}?(?P<n1>{_WORD}) (?:where|that|which|who|whose|of|behind|"
          rf"{_WORD}ed|{_WORD}ing) (?:.* )?(?:the )?{MASK}\b")
_BARE = rf"\b(?P<n2>{_WORD}s) (?:where|that|which|who|whose|from|in|on|at|by|{_PARTICIPLE}|{_WORD}ed|{_WORD}ing) (?:.* )?{MASK}\b"
_OWNER = rf"\b{MASK}'s? (?P<n3>{_WORD})"
_NUMBER = re.compile(r"^-?\d[\d,.]*$")
_INNER = re.compile(rf"{_HOLDS}|{_BARE}|{_OWNER}", re.I)


def _stem(word: str) -> str:
    return word.lower().rstrip("s")


def inner_noun(masked: str) -> str | None:
    """The noun of the innermost phrase that holds the topic ("capital" in "which buildings stand in
    the capital of X", "museums" in "which paintings are in museums located in X"); None where there
    is none, or where it is the noun asked for."""
    asked = asked_noun(masked, most=1)
    found = [m for m in (_INNER.match(masked, i) for i in range(len(masked))
                         if i == 0 or not masked[i - 1].isalnum()) if m]
    for m in reversed(found):
        noun = next(g for g in m.groups() if g)
        if noun.lower() in STOPWORDS or noun.lower() == "x" or (asked and _stem(noun) == _stem(asked)):
            continue
        return noun.lower()
    return None


def _leans(encoder, asked: str, inner: str, chains: Sequence, ends: Mapping, sample: int) -> dict:
    """Chain -> how much nearer the asked noun than the inner noun the nearest of its ends reads
    (MiniLM cosine of the end's name with each). A date's or a number's name says nothing of a kind
    ("1840" for "which country"): such ends are not read, and a chain that reaches only them has no
    reading."""
    named = {c: [e.name for e in sampled_ends(ends.get(c, ()), sample, {_stem(asked), _stem(inner)})
                 if not looks_like_date(e) and not _NUMBER.match(e.name)] for c in chains}
    names = list(dict.fromkeys(n for found in named.values() for n in found))
    if not names:
        return {}
    vectors = encoder.embed([asked, inner, *names])
    lean = {n: float(v @ vectors[0] - v @ vectors[1]) for n, v in zip(names, vectors[2:])}
    return {c: max(lean[n] for n in found) for c, found in named.items() if found}


def far_end_first(encoder, masked: str, ranked: Sequence[tuple[tuple, float]], ends: Mapping,
                  depth: int = 6, min_share: float = 0.4, lead: float = 0.08, most: float = 0.05,
                  sample: int = 5) -> list:
    """``ranked`` (chain, score) best first, with a two-hop chain before a one-hop best where the
    question names the noun it asks for and the noun of the phrase around its topic, and that chain's
    ends lean towards the asked noun by ``lead`` more than the best chain's do (and towards it rather
    than the inner noun at all), while the best chain's ends lean towards the asked noun by at most
    ``most`` (they read as the inner noun: "which *albums* were recorded in *studios* in X" already
    reaches the albums, *Columbia Records* is not walked on to). Candidates: the first ``depth``,
    scoring at least ``min_share`` of the best. ``ends``: chain -> the entities it reaches."""
    ranked = list(ranked)
    if encoder is None or len(ranked) < 2 or ranked[0][1] <= 0:
        return ranked
    asked, inner = asked_noun(masked, most=1), inner_noun(masked)
    if not asked or not inner:
        return ranked
    first, top = ranked[0]
    if len(first) != 1:         # a longer best chain may already walk past the inner phrase ("what albums
        return ranked           # did the band formed in X record": two hops, two nouns)
    longer = [c for c, s in ranked[:depth] if len(c) == 2 and s >= min_share * top]
    if not longer:
        return ranked
    leans = _leans(encoder, asked, inner, [first, *longer], ends, sample)
    best = max((c for c in longer if c in leans), key=lambda c: leans[c], default=None)
    if best is None or first not in leans or leans[first] > most or leans[best] < 0 \
            or leans[best] - leans[first] < lead:
        return ranked
    at = next(i for i, (c, _) in enumerate(ranked) if c == best)
    return [ranked[at], *ranked[:at], *ranked[at + 1:]]

"""A hop the question does not name, fixed by the KG: "what year was **the museum holding** X opened"
names ``opened year`` and nests a phrase around X; the only relation of X that reaches anything with an
``opened year`` is ``housed in``, so ``housed in ; opened year`` is the chain it asks for, although no
word of it says "housed". The hop count comes from the question (a nested phrase around the topic,
its last relation named word for word) and the bridge from the KG's neighbourhood (the candidates'
own chains), never from a phrasing or a relation list."""
from __future__ import annotations

import re
from typing import Sequence

from ...linking.topics import MASK
from ...meaning import without_direction

__all__ = ["bridged", "kind_bridged", "asks_beyond_nest", "nest_halves", "nest_parts", "nest_walked_through", "nests"]


def bridged(masked: str, best: Sequence, candidates: Sequence, verbalize, named: set[str]) -> bool:
    """``best`` is a chain of two or more hops whose last hop the question names word for word
    (``named``: the KG labels its words name), nests the topic in a phrase ("the N of X", "X's N", "the
    N that ... X"), and whose earlier hops are the only way the candidates reach that last hop."""
    if len(best) < 2 or without_direction(verbalize(best[-1])) not in named or not nests(masked):
        return False
    last, size = best[-1].key(), len(best)
    ways = {tuple(r.key() for r in c[:-1]) for c in candidates if len(c) == size and c[-1].key() == last}
    return ways == {tuple(r.key() for r in best[:-1])}


def kind_bridged(masked: str, best: Sequence, candidates: Sequence, verbalize, named: set[str], fits,
                 lead: float = 0.2) -> bool:
    """The mirror of ``bridged``: the question names every hop of ``best`` but the last and nests the
    topic ("where is **the label** of X based"), and among the candidates that go one hop on from the
    same prefix, ``best``'s ends are the kind of answer asked for and fit it ``lead`` better than every
    other's (``fits``: chain -> how far its ends clear the kind's bar, ``KindFit.fits``; ``headquartered
    in`` reaches places, ``parent company`` and the label's albums less so)."""
    if len(best) < 2 or not nests(masked):
        return False
    if any(without_direction(verbalize(r)) not in named for r in best[:-1]):
        return False
    prefix = best[:-1]
    ways = [c for c in candidates if len(c) == len(best) and c[:-1] == prefix and c[-1] != prefix[-1].reversed()]
    scores = {c: fits(c) for c in ways}
    if best not in scores or scores[best] is None or scores[best] <= 0:
        return False
    return all(s <= scores[best] - lead for c, s in scores.items() if c != best)


_WORD = r"[A-Za-z][\w\-]*"
# a noun phrase that holds the topic further on: "the museum holding X", "the museum where X hangs",
# "the label of X", "the band behind X", "X's label" (English phrasing, no relation words)
_LINK = rf"(?:where|that|which|who|whose|of|in|on|at|by|behind|from|with|to|about|into|{_WORD}ing|{_WORD}ed)"
_NESTED = re.compile(rf"\b(?:the|a|an) (?:{_WORD} ){{0,2}}?{_WORD} (?P<clause>{_LINK} (?:.* )?)(?:the )?{MASK}\b"
                     rf"|\b{MASK}'s? {_WORD}", re.I)
# a bare plural that holds the topic: "cities in X", "rivers that empty into X", "players from X",
# "albums produced by X"; not the noun the question asks for ("which *films* starred X")
_BARE = re.compile(rf"{_WORD}[^s\W]s (?P<clause>{_LINK} (?:.* )?)(?:the )?{MASK}\b", re.I)
_ASKING = re.compile(r"\b(?:which|what|many|much|whose|who|some|any|all|other|name|list)\s+$", re.I)


_FRAME = {"who", "whom", "what", "which", "where", "when", "is", "are", "was", "were", "the", "a", "an", "of",
          "name", "list", "tell", "me", "give", "s", "x", "in", "to", "did", "does", "do"}


def _nest(masked: str):
    """The innermost such phrase: the last match of ``_NESTED`` that starts at an article or the topic,
    or of ``_BARE`` that starts at a plural after the question's first word, not right after the
    word that asks for it ("which", "what", "how many") and not inside an article's phrase."""
    starts = [m.start() for m in re.finditer(rf"\b(?:the|a|an|{MASK})\b", masked, re.I)]
    found = [m for m in (_NESTED.match(masked, i) for i in starts) if m]
    plurals = [m.start() for m in re.finditer(r"\b\w+s\b", masked) if m.start() > 0
               and not _ASKING.search(masked[: m.start()])
               and not any(f.start() < m.start() < f.end() for f in found)]   # "the main actors of X": the
    found += [m for m in (_BARE.match(masked, i) for i in plurals) if m]      # article's phrase, "main" in it
    return max(found, key=lambda m: m.start()) if found else None


def nests(masked: str) -> bool:
    """The question holds its topic inside a noun phrase (``_NESTED``)."""
    return _nest(masked) is not None


def nest_parts(masked: str) -> tuple[str | None, set[str]]:
    """The head noun of the phrase around the topic and the words that tie the phrase to it: "rivers"
    and "that flow into" in "rivers that flow into X", "museum" and "holding" in "the museum holding
    X", "players" and "from" in "players from X". (None, empty) for "X's N" and where nothing nests."""
    m = _nest(masked)
    clause = m.group("clause") if m is not None else None
    if not clause:
        return None, set()
    head = re.findall(r"[a-z]+", masked[: m.start("clause")].lower())
    return (head[-1] if head else None), set(re.findall(r"[a-z]+", clause.lower()))


_RELATIVE = frozenset("where that which who whom whose".split())


def nest_halves(masked: str) -> tuple[str, str] | None:
    """The noun phrase around the topic and the rest of the question about it, each with the mask:
    ("the company founded by X", "Where is X based?"), ("cities in X", "Which writers were born in X?");
    a relative clause runs on past the topic ("the laboratory where X was discovered", "In which city
    is X?"). None where nothing nests."""
    m = _nest(masked)
    if m is None:
        return None
    clause = m.group("clause") or ""
    end = m.end()
    if clause.split(" ", 1)[0].lower() in _RELATIVE:      # "the N where X was V-ed": the clause ends the question
        end = len(masked.rstrip(" ?.!"))
    inner, outer = masked[m.start():end].strip(), f"{masked[:m.start()]}{MASK}{masked[end:]}".strip()
    return (inner, outer) if MASK in inner and outer != MASK else None


def asks_beyond_nest(masked: str) -> str:
    """The words the question asks of the referent of a noun phrase around its topic: "based" in
    "where is **the label of X** based"; empty for "who is the label of X" and where nothing nests."""
    m = _nest(masked)
    rest = re.findall(r"[a-z]+", (masked[: m.start()] + " " + masked[m.end():]).lower()) if m else []
    return " ".join(w for w in rest if w not in _FRAME)


def nest_walked_through(masked: str, ranked: list, fits=lambda chain: None) -> list:
    """A question that asks something of a noun phrase around its topic names two relations, so a
    one-hop best chain answers only one of them: the best-ranked two-hop candidate that keeps that
    hop (as its first or its last), does not walk straight back, and, where one does, reaches the
    kind of answer asked for (``fits``: chain -> above 0 when it does) goes first (scores kept). One
    that goes on from the best hop must reach that kind: "who supervised X's doctorate" asks the
    doctorate's hop itself, not where the advisor studied."""
    best = ranked[0][0] if ranked else ()
    if len(best) != 1 or not asks_beyond_nest(masked):
        return ranked
    keeps = [i for i, (c, _) in enumerate(ranked) if len(c) == 2 and best[0] in (c[0], c[1])
             and c[1] != c[0].reversed() and (c[0] != best[0] or (fits(c) or 0.0) > 0)]
    at = next((i for i in keeps if (fits(ranked[i][0]) or 0.0) > 0), keeps[0] if keeps else None)
    return ranked if at is None else [ranked[at], *ranked[:at], *ranked[at + 1:]]

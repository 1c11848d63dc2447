"""Whether a claim is negated, read from its body and its framing: a negator in the body denies
what it says, framing may deny the whole statement by what it means ("It's false that ...", "I
don't think ...") or present it as unreal ("I wish that ...", "If only ..."), and the two cancel."""
from __future__ import annotations

import re

from .claim import denied_belief, negation_cues, unreal
from ..meaning import Polarity

__all__ = ["negated", "denied_parts", "scopes"]


def negated(ctx, text: str, framing: list[tuple[int, int]], names: list[tuple[int, int]]) -> tuple[bool, int]:
    """(negated, the negators in its body). Negated when a negator stands outside the framing and the names, or the framing denies the
    statement ("It's false that ...", "I don't think ..."), not both: a negator inside framing ("Believe it or not")
    counts only through what the framing means, one inside a name ("Nothing Hill") not at all."""
    body = sum(not any(a <= p < b for a, b in framing + names) for p in negation_cues(text))
    polarity = ctx.models.load(("claim-polarity", id(ctx.encoder)), lambda: Polarity(ctx.encoder))
    denials = sum(denied_belief(text[a:b]) or unreal(text[a:b]) or polarity.denies(text[a:b]) for a, b in framing)
    return (body > 0) != (denials % 2 == 1), body


# Where a negator's scope ends: punctuation, a subordinating or relative word, or a coordinator that
# starts a new predicate ("... not born in Y, and played for Z", "... not in Y but in Z"); English
# function words, not any KG's or data set's phrasing. "and"/"or" before a name join two names of one
# predicate ("not like A or B"), so they end no scope there.
_SCOPE_END = re.compile(r"[,;:!?()]|\.(?=\s|$)|\b(?:which|who|whose|whom|where|while|whereas|but|although|though)\b"
                        r"|\b(?:and|or)\b", re.I)
_DIGIT = re.compile(r"\d")
_NOUN_JOIN = re.compile(r"\s+(?:the\s+|a\s+|an\s+)?$", re.I)


def scopes(text: str, names: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The claim cut where a negator's scope ends; a break inside a name ("Summit, New Jersey"), an
    "and"/"or" right before a name, or a comma before a name alone ("in Gien, France") is none."""
    cuts = []
    for m in _SCOPE_END.finditer(text):
        if any(a <= m.start() < b for a, b in names):
            continue
        if m.group().lower() in ("and", "or") and any(_NOUN_JOIN.fullmatch(text[m.end():a]) for a, _ in names if a >= m.end()):
            continue
        cuts.append(m)
    spans, at = [], 0
    for m in cuts + [None]:
        end = len(text) if m is None else m.start()
        if spans and _only_names(text, at, end, names):     # "in Gien, France": an apposition
            spans[-1] = (spans[-1][0], end)
        else:
            spans.append((at, end))
        at = len(text) if m is None else m.end()
    return spans


def _only_names(text: str, start: int, end: int, names: list[tuple[int, int]]) -> bool:
    """Whether the span holds a name and nothing else but an article."""
    inside = [(a, b) for a, b in names if start <= a < end]
    rest = "".join(" " if any(a <= i < b for a, b in inside) else text[i] for i in range(start, end))
    return bool(inside) and not re.sub(r"\b(?:the|a|an)\b", " ", rest, flags=re.I).strip(" .!?'\"")


def denied_parts(text: str, parts, mentioned, framing: list[tuple[int, int]]) -> tuple[bool, ...]:
    """Per sub-claim, whether a negator denies it on its own: the one in the clause of the part's
    later-written entity ("X was born in Y but not in Z": only X-Z is denied; "X did not star in F,
    which is broadcast by N": X-F, not X-N). When the claim makes one part, the negator's clause
    does not hold it and states a number ("X does not have 10252 employees, but the CEO is its key
    person", where no part checks the number), the part is read as written; a clause without one
    ("X was not the one who directed Y") still denies the claim. Empty when the parts are not all pairs
    written in the claim, or when every part is denied or, of two or more, none: the claim is then
    read as one negated statement."""
    names = [(m.start, m.end) for m in mentioned]
    where = {m.entity: m.start for m in mentioned if m.end > m.start}
    if not parts or any(len(p.entities) != 2 or any(e not in where for e in p.entities) for p in parts):
        return ()
    cues = [c for c in negation_cues(text) if not any(a <= c < b for a, b in framing + names)]
    negated_spans = [(a, b) for a, b in scopes(text, names) if any(a <= c < b for c in cues)]
    denied = tuple(any(a <= max(where[e] for e in p.entities) < b for a, b in negated_spans) for p in parts)
    if len(parts) == 1:     # the negator denies a stated number no part checks, not the one part
        stated = any(_DIGIT.search(text[a:b]) for a, b in negated_spans)
        return denied if stated and not denied[0] else ()
    return denied if any(denied) and not all(denied) else ()

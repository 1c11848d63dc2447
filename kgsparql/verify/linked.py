"""The claim's entities: linked mentions, in the order they appear, with the spans they cover."""
from __future__ import annotations

import re
from dataclasses import dataclass

from ..rank.base import STOPWORDS
from ..types import Entity

__all__ = ["Mentioned", "claim_entities", "masked", "is_date"]

_DATE = re.compile(r"^-?\d{3,4}(?:-\d\d(?:-\d\d)?)?(?:T.*)?$")
MIN_SCORE = 0.4           # a weaker mention is noise ("long")
LOWER_CASE_MIN = 0.7      # an all-lower-case mention ("more", "writers") must be a strong match
# indefinite pronouns are function words, capitalised at a sentence's start but never names
INDEFINITE_PRONOUNS = frozenset("somebody someone something everybody everyone everything anybody anyone nobody".split())


@dataclass(frozen=True)
class Mentioned:
    entity: Entity
    start: int
    end: int
    text: str


def is_date(text: str) -> bool:
    """A year or an ISO date (``1997``, ``1997-05-01``)."""
    return bool(_DATE.match((text or "").strip()))


def _keep(mention, skip: list[tuple[int, int]], common: frozenset[str], cased: bool = True) -> bool:
    if mention.best is None or mention.score < MIN_SCORE:
        return False
    if _common_word_inside(mention, common):
        return False
    if any(mention.start < hi and lo < mention.end for lo, hi in skip):
        return False
    if mention.text.strip().lower() in INDEFINITE_PRONOUNS | STOPWORDS:
        return False                # "Someone directed X": a function word opening a sentence, not a name
    proper = any(ch.isupper() or ch.isdigit() for ch in mention.text)
    return proper or mention.score >= LOWER_CASE_MIN or _whole_name_in_lower_case(mention, common, cased)


def _whole_name_in_lower_case(mention, common: frozenset[str], cased: bool = True) -> bool:
    """A name of two or more words written in lower case, whole ("an ingredient in bandeja paisa"),
    with a word that is not a common word of the language (not "prime minister", "main ingredient"),
    or, in a claim written all in lower case, where case says nothing, any whole name of two or more
    words ("steven spielberg directed fog over frisco")."""
    words = mention.text.lower().split()
    whole = _squeezed(mention.text)[0] == _squeezed(mention.best.entity.name or "")[0]
    return whole and len(words) >= 2 and (not cased or any(w not in common for w in words))


def _common_word_inside(mention, common: frozenset[str]) -> bool:
    """One word of the language read as a longer name that begins with it ("Well" as *Well-Tempered
    Clavicle*, "June" as *June Wilkinson*, "Mark" of an unknown "Mark Barone"): the claim does not name
    that entity; a name written in full, or a word that is no common word ("Tupac"), may."""
    text = mention.text.strip()
    return " " not in text and text.lower() in common and len(mention.best.entity.name.split()) > 1


def claim_entities(link, skip: list[tuple[int, int]] = (), common: frozenset[str] = frozenset()) -> list[Mentioned]:
    """The best candidate of each kept mention of a ``LinkResult``, in text order, one per entity;
    a candidate whose whole name the claim writes around the mention wins over a shorter one
    (``whole_name``), and a mention that is only part of several names equally is no entity.
    ``skip`` spans (a count phrase) hold no entity; ``common`` are the language's common words."""
    found: dict[Entity, Mentioned] = {}
    taken: list[tuple[int, int]] = []
    cased = link.question_text != link.question_text.lower()
    kept = [m for m in link.mentions if _keep(m, list(skip), common, cased) and not _part_of_many(m)]
    chosen = [whole_name(link.question_text, m) for m in kept]
    for m in sorted(chosen, key=lambda m: (m.start, m.start - m.end)):
        if m.entity not in found and not any(m.start < hi and lo < m.end for lo, hi in taken):
            found[m.entity] = m
            taken.append((m.start, m.end))
    return list(found.values())


def _squeezed(text: str) -> tuple[str, list[int]]:
    """The text's letters and digits, lower-cased, and where each came from."""
    at = [i for i, ch in enumerate(text) if ch.isalnum()]
    return "".join(text[i] for i in at).lower(), at


def whole_name(text: str, mention) -> Mentioned:
    """The mention's candidate whose whole name the claim writes around it, punctuation aside
    ("PAS Tehran FC" for *PAS Tehran F.C.* where the mention is "Tehran", "City Manager" for *City
    manager*), the longest such; else the best candidate on the mention's own span."""
    best = Mentioned(mention.best.entity, mention.start, mention.end, mention.text)
    squeezed, at = _squeezed(text)
    for c in mention.candidates:
        name = _squeezed(c.entity.name or "")[0]
        if len(name) <= len(_squeezed(best.text)[0]):
            continue
        for found in re.finditer(re.escape(name), squeezed):
            start, end = at[found.start()], at[found.end() - 1] + 1
            bounded = (start == 0 or not text[start - 1].isalnum()) and (end == len(text) or not text[end].isalnum())
            if bounded and start <= mention.start and mention.end <= end:
                best = Mentioned(c.entity, start, end, text[start:end])
    return best


def _part_of_many(mention) -> bool:
    """The mention is only a part of the names of several candidates that tie ("UTC" of *UTC+02:00*
    and *UTC+04:30*): it names none of them."""
    tied = [c for c in mention.candidates if c.score >= mention.score]
    own = _squeezed(mention.text)[0]
    return len(tied) > 1 and all(_squeezed(c.entity.name or "")[0] != own for c in tied)


def masked(text: str, mentioned: list[Mentioned]) -> str:
    """The claim with each entity mention replaced by ``X`` (what is left names relations)."""
    out, at = [], 0
    for m in sorted(mentioned, key=lambda m: m.start):
        if m.end <= m.start:        # a thing the claim names by its values, not by words (verify/holders.py)
            continue
        out += [text[at:m.start], " X "]
        at = m.end
    return "".join(out + [text[at:]])


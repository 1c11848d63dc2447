"""The claim's entities: linked mentions, in the order they appear, with the spans they cover."""
from __future__ import annotations

import re
from dataclasses import dataclass

from ..rank.base import STOPWORDS
from ..types import Entity

__all__ = ["Mentioned", "claim_entities", "masked", "is_date", "unlinked_names"]

_DATE = re.compile(r"^-?\d{3,4}(?:-\d\d(?:-\d\d)?)?(?:T.*)?$")
MIN_SCORE = 0.4           # a weaker mention is noise ("long")
LOWER_CASE_MIN = 0.7      # an all-lower-case mention ("more", "writers") must be a strong match


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
    if mention.text.strip().lower() in _PRONOUNS | STOPWORDS:
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


_WORD = re.compile(r"[^\s,;:!?()\"]+")
_JOINERS = frozenset("of the de von van la le del da di".split())
# indefinite pronouns are function words, capitalised at a sentence's start but never names
_PRONOUNS = frozenset("somebody someone something everybody everyone everything anybody anyone nobody".split())
# a month is part of a date, a value the claim states, never a name the KG lacks
_MONTHS = frozenset("""january february march april may june july august september october november december
jan feb mar apr jun jul aug sep sept oct nov dec""".split())
_NO_NAME = STOPWORDS | _MONTHS | _PRONOUNS          # words that never start or continue a name
_SENTENCE_END = re.compile(r"[.!?]$")
_INITIAL = re.compile(r"[A-Z]\.")                      # one capital and a dot: an initial, not a sentence's end


def unlinked_names(masked_claim: str, common: frozenset[str] = frozenset()) -> list[str]:
    """Capitalised names left in the masked claim (``X`` marks the linked ones): things the claim
    names that the KG does not hold. A capitalised function word ("She", "It's") is not one, and
    neither is a lone capitalised word opening a sentence that is a ``common`` word of the language
    ("Well", "Ever", "Yep": capitalised for its place, not because it names something)."""
    names, current, initial = [], [], -1
    raw = _WORD.findall(masked_claim)
    words = [w.rstrip(".") for w in raw]
    for i, word in enumerate(words):
        low = word.lower()
        if current and _INITIAL.fullmatch(raw[i]) and i + 1 < len(words) and words[i + 1][:1].isupper() \
                and words[i + 1].lower() not in _NO_NAME:
            current.append(word)            # a middle initial ("Bryan A. MacDonald") continues the name
            initial = i
            continue
        opener = low in _NO_NAME or low.split("'")[0] in STOPWORDS
        starts = i == 0 or (bool(_SENTENCE_END.search(raw[i - 1])) and initial != i - 1)
        alone = i + 1 >= len(words) or not words[i + 1][:1].isupper() or words[i + 1] == "X" \
            or words[i + 1].lower() in _NO_NAME     # "Born September 22nd, ..."
        if starts and alone and low in common:
            opener = True
        if word[:1].isupper() and word != "X" and not opener:
            current.append(word)
        elif current and low in _JOINERS:
            current.append(word)
        else:
            _close(current, names)
            current = []
    _close(current, names)
    return names


def _close(current: list[str], names: list[str]) -> None:
    while current and current[-1].lower() in _JOINERS:
        current.pop()
    if current:
        names.append(" ".join(current))

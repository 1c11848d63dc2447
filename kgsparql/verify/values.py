"""Values a claim states beside its entities — numbers, dates, names — found among what the KG holds
for them: "built in 1911", "a runway of 2953.5", "born on 1 July 1976", "its natives are called
Finns". The linker finds entities; a literal value is not one, so the claim's wording is compared
with the values of the linked entities' own facts (one ``neighbors`` query for all of them):

- a number matches a numeric value (1604 = 1604.0, 10,252 = 10252, -6 = −6, "2900m" = 2900.0);
- a date ("1 July 1976", "July 1st, 1976", "01-07-1976") matches an ISO date; a year alone matches a
  year or the year of a date;
- any other value matches when its words appear in the claim outside the entity mentions.

A matched fact is a supported sub-claim, and the relation words that name its relation are spent on
it. A number of the claim that no fact holds, next to a word naming a relation whose values are
numbers (or a year, beside one whose values are dates), contradicts: the KG holds another value there."""
from __future__ import annotations

import re

from ..types import Path
from .linked import Mentioned, is_date
from .pairs import CLEAR
from .result import CONTRADICTED, SUPPORTED, SubClaim
from .written_values import claim_dates, claim_numbers
from .written_values import plain_number as _number, plain_words as _words

__all__ = ["stated_values", "number_conflicts", "quantity_labels", "names_not_held", "within_values"]

_ISO = re.compile(r"^(-?\d{3,4})(?:-(\d\d)(?:-(\d\d))?)?")
MAX_FACTS = 3000


def _matches(value: str, numbers: list[float], dates: set, years: set[int], text: str,
             names: frozenset[str] = frozenset()) -> bool:
    if is_date(value):
        m = _ISO.match(value.strip())
        year, month, day = int(m.group(1)), m.group(2), m.group(3)
        if month and day and (year, int(month), int(day)) in dates:
            return True
        if month or year in years:
            return year in years
    number = _number(value)       # a bare "100" reads as a year too: it is also the number 100 ("has 100 staff")
    if number is not None:
        return any(abs(number - n) <= 1e-6 * max(1.0, abs(n)) for n in numbers)
    words = _words(value)
    return (len(words) >= 4 and f" {words} " in f" {text} ") or words in names


def stated_values(adapter, masked_text: str, mentioned: list[Mentioned], label, facts=None, names=()):
    """(supported sub-claims for the facts whose values the claim states, their relation labels,
    the claim's numbers no fact holds, the linked entities' facts); ``facts``: those already read;
    ``names``: mentions read as values (``within_values``), matched whole however short."""
    names = frozenset(_words(n) for n in names)
    if facts is None:
        facts = adapter.neighbors([m.entity for m in mentioned], direction="out", limit=MAX_FACTS)
    linked = {m.entity for m in mentioned}
    numbers, dates = claim_numbers(masked_text), claim_dates(masked_text)
    years = {int(n) for n in numbers if n.is_integer() and 1000 <= n <= 2100}
    plain = _words(masked_text)
    parts, labels, used = [], set(), set()
    for t in facts:
        if t.tail in linked or not _matches(t.tail.name, numbers, dates, years, plain, names):
            continue
        name = label(t.relation)
        labels.add(name)
        value = _number(t.tail.name)
        used.add(value) if value is not None else None
        parts.append(SubClaim(f"{t.head.name} {name} {t.tail.name}", SUPPORTED, ((Path((t,)), True),),
                              f"the KG has {t.head.name} {name} {t.tail.name}", (t.head,)))
    left = [n for n in numbers if n not in used and not (n.is_integer() and int(n) in years and parts)]
    return parts, labels, left, facts


def number_conflicts(facts, numbers: list[float], words, label) -> list[SubClaim]:
    """Facts whose relation a claim word names clearly (by its stem or a close embedding: a loose
    one, "season" for *years*, may name another relation) and whose value is a number other than the
    claim's, or a date in another year than the claim states ("released in December 1993" where the
    KG has *release date* 1944-07-28)."""
    clear = [w for w in words if w.strength >= CLEAR]
    named = set().union(*(w.labels for w in clear)) if clear else set()
    years = [n for n in numbers if n.is_integer() and 1000 <= n <= 2100]
    out = []
    for t in facts:
        name = label(t.relation)
        if name not in named or not t.tail.is_literal:
            continue
        if (_number(t.tail.name) is not None and numbers) or (is_date(t.tail.name) and years):
            out.append(SubClaim(f"{t.head.name} {name} {', '.join(f'{n:g}' for n in numbers)}", CONTRADICTED,
                                ((Path((t,)), False),), f"the KG has {t.head.name} {name} {t.tail.name}", (t.head,)))
    return out[:1]


def quantity_labels(facts, label) -> frozenset[str]:
    """The labels whose every value among the linked entities' facts is a number or a date (*time in
    space*, *birth date*): such a relation measures a thing, it does not link it to another entity."""
    kinds: dict[str, set[bool]] = {}
    for t in facts:
        value = t.tail.name or ""
        kinds.setdefault(label(t.relation), set()).add(t.tail.is_literal and (_number(value) is not None or is_date(value)))
    return frozenset(name for name, seen in kinds.items() if seen == {True})


def names_not_held(names: list[str], facts) -> list[str]:
    """The unlinked names of the claim that are not a value of the linked entities' facts: "the
    Governator" where the KG has *leader title* "Governator", "1st Baron" where it has *founded by*
    "John Reith, 1st Baron Reith" are values the claim states, not things the KG lacks."""
    values = [f" {_words(t.tail.name)} " for t in facts if t.tail.name]
    return [n for n in names if not _words(n) or not any(f" {_words(n)} " in v for v in values)]


def within_values(mentioned: list[Mentioned], facts, text: str, whole: bool = True) -> list[Mentioned]:
    """The mentions that are words of a value another linked entity holds and the claim states in
    full ("Gubbio" in "Associazione Sportiva Gubbio 1910 Srl is the full name of A.S. Gubbio 1910"),
    or that are the whole of such a value, however short ("Bananaman premiered on STV" where the KG
    has *network* "STV", a string, beside an entity named STV; ``whole``): part of the value, not entities."""
    plain = f" {_words(text)} "
    held = [(t.head, f" {_words(t.tail.name)} ") for t in facts
            if t.tail.is_literal and _number(t.tail.name) is None and not is_date(t.tail.name)]
    def inside(m: Mentioned, value: str) -> bool:
        words = f" {_words(m.text)} "
        return (whole and words == value) or (len(value.split()) >= 4 and value in plain and words in value)
    return [m for m in mentioned if m.end > m.start and _words(m.text)
            and any(head != m.entity and inside(m, value) for head, value in held)]

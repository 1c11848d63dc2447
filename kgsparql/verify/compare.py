"""Comparison claims: dates ("released before X", "after 1965") and counts ("more than 5 films").

The attribute compared is a relation of the KG: for dates, the relations of the entities whose
values read as years or ISO dates; for counts, the entity's relations with their counts (the
``relations`` step is the COUNT probe). Which one the claim means is what its words name
(``alignment``); with one candidate no word is needed."""
from __future__ import annotations

import re

from ..types import Path
from .claim import PLURAL_NOUN, compare_values
from .linked import Mentioned, is_date
from .result import CONTRADICTED, SUPPORTED, UNKNOWN, SubClaim

__all__ = ["check_date", "check_count", "pick_relation"]

_OP_WORDS = {"<": "before", ">": "after"}
_COUNT_WORDS = {"<": "fewer than", ">": "more than", "=": "exactly", "<=": "at most", ">=": "at least"}
_YEAR = re.compile(r"\b(1[0-9]{3}|20[0-9]{2})\b")


def pick_relation(candidates: list, words, label) -> object | None:
    """The candidate whose label a claim word names (most words first), else the only candidate."""
    named = {}
    for w in words:
        for cand in candidates:
            if label(cand) in w.labels:
                named[cand] = named.get(cand, 0) + 1
    if named:
        return max(named, key=lambda c: named[c])
    return candidates[0] if len(candidates) == 1 else None


def _date_key(text: str) -> str:
    text = text.strip()
    return text if text.startswith("-") else text.zfill(4)


def _dated(adapter, entity) -> dict:
    """relation -> [triples] whose tail is a year or a date."""
    out: dict = {}
    for t in adapter.neighbors([entity], direction="out", limit=2000):
        if is_date(t.tail.name):
            out.setdefault(t.relation, []).append(t)
    return out


def check_date(adapter, claim: str, op: str, span, mentioned: list[Mentioned], words, label) -> SubClaim | None:
    """The date comparison, or None when the KG holds no dates for it (the claim is then read as
    one without a comparison)."""
    things = [m for m in mentioned if not is_date(m.entity.name)]
    years = [m.entity.name for m in mentioned if is_date(m.entity.name)] + _YEAR.findall(claim[span[1]:])
    if not things:
        return SubClaim(claim, UNKNOWN, (), "the claim does not name two things to compare")
    if len(things) < 2 and not years:
        return None           # one thing and no date: "before dying in X" orders events, not dates
    left = things[0]
    dated = [_dated(adapter, m.entity) for m in things[:2]]
    common = [r for r in dated[0] if len(things) < 2 or r in dated[1]]
    relation = pick_relation(common, words, label)
    if relation is None:
        return None           # no dates to compare: "named after", "after attending" read another way
    lv = min(dated[0][relation], key=lambda t: _date_key(t.tail.name))
    evidence = [lv]
    if len(things) >= 2:
        rv = min(dated[1][relation], key=lambda t: _date_key(t.tail.name))
        right, right_name = _date_key(rv.tail.name), things[1].entity.name
        evidence.append(rv)
    else:
        right = right_name = _date_key(years[0])
    left_key = _date_key(lv.tail.name)
    n = min(len(left_key), len(right))          # a year against a full date: compare the years
    holds = compare_values(left_key[:n], op, right[:n])
    status = SUPPORTED if holds else CONTRADICTED
    why = (f"{left.entity.name} {label(relation)} {lv.tail.name}, {right_name}"
           + (f" {rv.tail.name}" if len(things) >= 2 else ""))
    return SubClaim(f"{left.entity.name} {_OP_WORDS[op]} {right_name}", status,
                    tuple((Path((t,)), holds) for t in evidence), why, tuple(m.entity for m in things[:2]))


def check_count(adapter, counts, claim: str, op: str, n: int, mentioned: list[Mentioned], words, label,
                implicit: bool = False, noun_at: int = 0) -> SubClaim | None:
    """The count comparison; None for an ``implicit`` count ("has two writers") whose noun (the words
    from ``noun_at``) names no relation of the entity (the claim is then read as one without a count)."""
    things = [m for m in mentioned if not is_date(m.entity.name)]
    if not things:
        return SubClaim(claim, UNKNOWN, (), "the claim names nothing to count for")
    subject = things[0].entity
    own = [rc for rc in counts if rc.entity == subject]
    rc = pick_relation(own, words, lambda rc: label(rc.relation))
    noun = re.match(PLURAL_NOUN, claim[noun_at:], re.I) if implicit else None
    noun_end = noun_at + (noun.end() if noun else 0)
    if implicit and not any(rc is not None and label(rc.relation) in w.labels for w in words
                            if noun_at <= w.position < noun_end):
        # "20 floors", "89 minutes ... produced by": the counted noun itself names no relation of the
        # entity, so the number is a value, not a count of KG links
        return None
    if rc is None:
        return SubClaim(claim, UNKNOWN, (), f"no relation of {subject.name} matches what the claim counts")
    holds = compare_values(rc.count, op, n)
    shown = adapter.neighbors([subject], rc.relation, limit=10)[:10]
    text = f"{subject.name} has {_COUNT_WORDS[op]} {n} {label(rc.relation)} link(s)"
    return SubClaim(text, SUPPORTED if holds else CONTRADICTED, tuple((Path((t,)), holds) for t in shown),
                    f"{subject.name} has {rc.count} {label(rc.relation)} link(s); the claim says {_COUNT_WORDS[op]} {n}",
                    (subject,))

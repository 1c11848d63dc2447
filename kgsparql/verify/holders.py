"""A claim that names nothing the KG holds by name, but states values ("It was discovered on 11 June
1929 and has an absolute magnitude of 11.5", "The population is 1604. It has a leader called the
Governator"): its subject is the thing that holds the most of those values, at least two (``adapter.holders``, one
query with the values bound), when exactly one thing leads. The claim is then checked as a claim
about that thing: the values it holds support it, a value it holds otherwise contradicts it."""
from __future__ import annotations

from collections import defaultdict

from .linked import Mentioned
from .written_values import claim_dates, claim_numbers
from ..terms import XSD, Literal

__all__ = ["value_literals", "subject_by_values", "MIN_VALUES"]

MIN_VALUES = 2      # one value alone (a year, a postcode) is held by too many things to name one


def _value(text: str):
    """One value however it is spelt: 89 and 89.0 are one number (a date and its year are two)."""
    try:
        return float(text)
    except ValueError:
        return text.strip().lower()


def _number_forms(n: float) -> list[Literal]:
    if n.is_integer():
        whole = str(int(n))
        return [Literal(whole), Literal(f"{whole}.0"), Literal(whole, XSD + "integer"),
                Literal(f"{whole}.0", XSD + "double")]
    return [Literal(repr(n)), Literal(repr(n), XSD + "double"), Literal(repr(n), XSD + "decimal")]


def value_literals(text: str, names: list[str]) -> list[Literal]:
    """The literals a KG may hold for the numbers, dates and unlinked names the claim states, in
    their plain and typed spellings."""
    forms: list[Literal] = []
    for n in claim_numbers(text):
        forms += _number_forms(n)
    for y, m, d in sorted(claim_dates(text)):
        if 1 <= m <= 12 and 1 <= d <= 31:
            iso = f"{y:04d}-{m:02d}-{d:02d}"
            forms += [Literal(iso), Literal(iso, XSD + "date")]
    for name in names:
        forms += [Literal(name), Literal(name, None, "en")]
    return list(dict.fromkeys(forms))


def subject_by_values(adapter, text: str, names: list[str]) -> Mentioned | None:
    """The one thing holding more of the claim's stated values than any other, as a mention that
    covers no words of the claim; None when no value is held or two things tie."""
    holders = getattr(adapter, "holders", None)
    values = value_literals(text, names)
    if holders is None or not values:
        return None
    held: dict = defaultdict(set)
    for t in holders(values):
        held[t.head].add(_value(t.tail.name))
    ranked = sorted(held.items(), key=lambda kv: -len(kv[1]))
    if not ranked or len(ranked[0][1]) < MIN_VALUES or (len(ranked) > 1 and len(ranked[1][1]) == len(ranked[0][1])):
        return None
    entity = ranked[0][0]
    name = adapter.labels([entity]).get(entity) or entity.name
    return Mentioned(type(entity)(entity.term, name), 0, 0, "")

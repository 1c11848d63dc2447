"""How a claim writes values: its numbers ("10,252", "-6", "2900m"), its full dates in the usual
English orders ("1 July 1976", "July 1st, 1976", "01-07-1976") and its words, lower-case and without
diacritics. ``values`` compares them with what the KG holds."""
from __future__ import annotations

import re
import unicodedata

__all__ = ["claim_numbers", "claim_dates", "plain_number", "plain_words"]

_MONTHS = {m: i for i, m in enumerate("january february march april may june july august september october "
                                      "november december".split(), 1)}
_MONTHS.update({m[:3]: i for m, i in list(_MONTHS.items())})
# a number, signed with a hyphen or a minus sign, and perhaps a unit written onto it ("2900m", "5km",
# "21.2metres"; not an ordinal's "3rd" nor a decade's "1960s")
_NUMBER = re.compile(r"(?<![\w.-])[-\u2212]?\d[\d,]*(?:\.\d+)?(?=(?:(?!st|nd|rd|th|s\b)[a-z]+)?(?!\w))")
_DAY_MONTH_YEAR = re.compile(r"\b(\d{1,2})(?:st|nd|rd|th)?(?:\s+of)?\s+([A-Za-z]+)\.?,?\s+(\d{4})\b")
_MONTH_DAY_YEAR = re.compile(r"\b([A-Za-z]+)\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})\b")
_NUMERIC_DATE = re.compile(r"\b(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})\b")
_WORDS = re.compile(r"[^\W_]+")
_LETTERS = str.maketrans({"ı": "i", "ø": "o", "ł": "l", "đ": "d", "ß": "ss", "æ": "ae", "œ": "oe"})   # no decomposition


def claim_numbers(text: str) -> list[float]:
    """The numbers the claim writes, less the days and months of its full dates ("Jan 1, 1886" writes
    the year 1886, not the number 1)."""
    out, parts = [], _date_parts(text)
    for m in _NUMBER.finditer(text):
        if m.start() in parts:
            continue
        try:
            out.append(float(m.group().replace(",", "").replace("\u2212", "-")))
        except ValueError:
            continue
    return out


def _date_parts(text: str) -> set[int]:
    """Where the days and months of the claim's full dates start."""
    starts = {m.start(1) for m in _DAY_MONTH_YEAR.finditer(text) if m.group(2).lower() in _MONTHS}
    starts |= {m.start(2) for m in _MONTH_DAY_YEAR.finditer(text) if m.group(1).lower() in _MONTHS}
    for m in _NUMERIC_DATE.finditer(text):
        starts |= {m.start(1), m.start(2)}
    return starts


def claim_dates(text: str) -> set[tuple[int, int, int]]:
    """(year, month, day) of every full date the claim writes, in the usual English orders."""
    found = set()
    for m in _DAY_MONTH_YEAR.finditer(text):
        if m.group(2).lower() in _MONTHS:
            found.add((int(m.group(3)), _MONTHS[m.group(2).lower()], int(m.group(1))))
    for m in _MONTH_DAY_YEAR.finditer(text):
        if m.group(1).lower() in _MONTHS:
            found.add((int(m.group(3)), _MONTHS[m.group(1).lower()], int(m.group(2))))
    for m in _NUMERIC_DATE.finditer(text):
        a, b, y = int(m.group(1)), int(m.group(2)), int(m.group(3))
        found |= {(y, b, a), (y, a, b)}           # day-month or month-day: either reading
    return found


def plain_number(text: str) -> float | None:
    try:
        return float(text.strip().replace(",", "").replace("\u2212", "-"))
    except ValueError:
        return None


def plain_words(text: str) -> str:
    """The text's words, lower-case and without diacritics ("Hüseyin Bütüner" = "huseyin butuner")."""
    plain = unicodedata.normalize("NFKD", text.lower()).translate(_LETTERS)
    return " ".join(_WORDS.findall("".join(ch for ch in plain if not unicodedata.combining(ch))))

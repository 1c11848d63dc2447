"""Colloquial framing around a claim ("I have heard that …", "Interestingly, …", "…, right?", "Do
you know X? …"), told apart from what the claim asserts by what it says about the KG, not by a list
of openers: the claim is cut into clauses (at punctuation and before a "that" that introduces a
reported clause), and a clause that mentions no entity of the KG, holds no number or date, and has no
word that names one of the KG's relations asserts nothing the KG could check. Such clauses are
framing: their capitalised words are not names the KG lacks, and they take no part in the decision."""
from __future__ import annotations

import re

__all__ = ["framing_spans", "clauses", "outside"]

_BREAK = re.compile(r"[,;:!?]+|\.(?=\s|$)|\s(?=that\s)|\s(?=whether\s)", re.I)
_VALUE = re.compile(r"\d")


def clauses(text: str) -> list[tuple[int, int]]:
    """Character spans of the claim's clauses, in order."""
    spans, at = [], 0
    for m in _BREAK.finditer(text):
        if m.start() > at:
            spans.append((at, m.start()))
        at = m.end()
    if at < len(text):
        spans.append((at, len(text)))
    return [(a, b) for a, b in spans if text[a:b].strip()]


def framing_spans(text: str, mentions: list[tuple[int, int]], word_positions: list[int]) -> list[tuple[int, int]]:
    """The clauses that carry no KG content: no mention (``mentions`` are character spans), no digit,
    no relation word (``word_positions`` are character offsets of words that name a KG relation)."""
    out = []
    for a, b in clauses(text):
        if any(s < b and a < e for s, e in mentions) or _VALUE.search(text[a:b]):
            continue
        if any(a <= p < b for p in word_positions):
            continue
        out.append((a, b))
    return out


def outside(text: str, spans: list[tuple[int, int]]) -> str:
    """``text`` with the ``spans`` blanked (offsets of what is left do not move)."""
    chars = list(text)
    for a, b in spans:
        chars[a:b] = " " * (b - a)
    return "".join(chars)

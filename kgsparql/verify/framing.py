"""Colloquial framing around a claim ("I have heard that …", "Interestingly, …", "…, right?", "Do
you know X? …", "…, you know?"), told apart from what the claim asserts by what it says, not by a
list of openers. The claim is cut into clauses (at punctuation and before a "that" that introduces a
reported clause). A clause that mentions no entity of the KG and holds no number or date is framing
when it names none of the KG's relations ("Interestingly", "right"), or when it is about the speaker
or the listener (a first- or second-person pronoun: "I have heard", "you know"); so is the part of a
clause before its first entity when that part is about them ("Did you know X was …"). Framing takes
no part in the decision: its words name no relation and its capitalised words are not names."""
from __future__ import annotations

import re

from .claim import unreal

__all__ = ["framing_spans", "clauses", "outside"]

# a dot ends a clause, but not the dot of an initial inside a name ("Bryan A. MacDonald")
_BREAK = re.compile(r"[,;:!?]+|(?<!\b(?-i:[A-Z]))\.(?=\s|$)|\s(?=that\s)|\s(?=whether\s)", re.I)
_VALUE = re.compile(r"\d")
# first and second person: the speaker and the listener (English function words, not KG vocabulary)
_CAPITALISED = re.compile(r"\b[A-Z][\w'’.-]*")
_PERSON = re.compile(r"\b(?:i|i'm|i've|i'd|me|my|we|us|our|you|your|you've|you're)\b", re.I)


def clauses(text: str, names: list[tuple[int, int]] = ()) -> list[tuple[int, int]]:
    """Character spans of the claim's clauses, in order; a break inside a name ("Esteghlal Ahvaz F.C.
    and then ...", ``names`` are character spans) ends none."""
    spans, at = [], 0
    for m in _BREAK.finditer(text):
        if any(a <= m.start() < b for a, b in names):
            continue
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
    for a, b in clauses(text, mentions):
        inside = sorted(s for s, e in mentions if s < b and a < e)
        if inside:
            lead = text[a:max(a, inside[0])]
            if _PERSON.search(lead) or unreal(lead):     # "If only X was ...": a counterfactual opening
                out.append((a, _lead_in_end(text, a, inside[0])))    # "Did you know X was ...": the lead-in
            continue
        if _VALUE.search(text[a:b]):
            continue
        if _PERSON.search(text[a:b]) or not any(a <= p < b for p in word_positions):
            out.append((a, b))
    return out


def _lead_in_end(text: str, start: int, mention: int) -> int:
    """Where the lead-in before a clause's first mention ends: at that mention, or at an earlier
    capitalised word that is not the clause's first nor the speaker ("I think Steve Kreinberg is the
    creator of X": the name is what the claim is about, not framing)."""
    lead = text[start:mention]
    first = start + len(lead) - len(lead.lstrip())
    for m in _CAPITALISED.finditer(text, start, mention):
        if m.start() > first and not _PERSON.fullmatch(m.group()):
            return m.start()
    return mention


def outside(text: str, spans: list[tuple[int, int]]) -> str:
    """``text`` with the ``spans`` blanked (offsets of what is left do not move)."""
    chars = list(text)
    for a, b in spans:
        chars[a:b] = " " * (b - a)
    return "".join(chars)

"""Parsers for prompts/kelgop/*.j2."""
from __future__ import annotations

import re
from typing import Any

from kgsparql.errors import ParseError
from kgsparql.llm.parsing import clean_answer, parser

__all__ = ["parse_category", "parse_subquestions", "parse_verdict", "CATEGORIES"]

CATEGORIES = ("simple", "composition", "conjunction", "comparative", "superlative", "count")
_NUMBERED = re.compile(r"^\s*(?:\d+[.):]|-|\*)\s*(.+?)\s*$")
_REF = re.compile(r"\[#(\d+)\]")


@parser("classify")
def parse_category(text: str, **_: Any) -> str:
    """The first category named in the reply's first line (case-insensitive)."""
    first = clean_answer(text or "").lower()
    found = [(first.find(c), c) for c in CATEGORIES if c in first]
    if not found:
        raise ParseError(f"no category in {first[:60]!r}")
    return min(found)[1]


@parser("decompose")
def parse_subquestions(text: str, **_: Any) -> list[str]:
    """The numbered sub-questions; each ``[#k]`` must name an earlier one. At most 4."""
    subs = []
    for line in (text or "").splitlines():
        m = _NUMBERED.match(line)
        if m and len(m.group(1)) > 3:
            subs.append(m.group(1))
        elif subs and line.strip() and not m:
            break
    if not subs:
        raise ParseError("no numbered sub-questions")
    subs = subs[:4]
    for i, sub in enumerate(subs, 1):
        if any(not 1 <= int(k) < i for k in _REF.findall(sub)):
            raise ParseError(f"sub-question {i} refers to a later or missing answer: {sub[:60]!r}")
    return subs


@parser("verdict")
def parse_verdict(text: str, **_: Any) -> bool:
    word = clean_answer(text or "").lower().split()
    if word and word[0].strip(".,!") in ("yes", "sufficient", "true"):
        return True
    if word and word[0].strip(".,!") in ("no", "insufficient", "false"):
        return False
    raise ParseError(f"not yes or no: {' '.join(word)[:40]!r}")

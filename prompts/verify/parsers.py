"""Parsers for prompts/verify/*.j2: RefKG's claim decoupling and its joint inference over the
reconstructed evidence."""
from __future__ import annotations

import re
from typing import Any

from kgsparql.errors import ParseError
from kgsparql.llm.parsing import parser

__all__ = ["parse_decompose", "parse_judge"]

_BULLET = re.compile(r"^\s*(?:[-*•]|\d+[.)]|sub-?claim\s*\d*\s*:)\s*", re.I)
_VERDICT = re.compile(r"\b(not[\s_]+enough[\s_]+info(?:rmation)?|unknown|cannot (?:be )?(?:verified|tell)|"
                      r"true|false|supported|refuted|yes|no)\b", re.I)
_VALUES = {"true": "true", "supported": "true", "yes": "true",
           "false": "false", "refuted": "false", "no": "false"}
MAX_SUBCLAIMS = 6


@parser("decompose")
def parse_decompose(text: str, *, claim: str, **_: Any) -> list[str]:
    """One sub-claim per line ("-", "1." or "Sub-claim 1:" prefixes dropped), at most six; each must
    share a word with the claim (a sub-claim about something else is the model drifting)."""
    claim_words = {w for w in re.findall(r"[^\W_]+", claim.lower()) if len(w) > 2}
    out = []
    for line in (text or "").replace(";", "\n").splitlines():
        line = _BULLET.sub("", line).strip().strip('"')
        words = {w for w in re.findall(r"[^\W_]+", line.lower()) if len(w) > 2}
        if len(line) >= 3 and words & claim_words and line not in out:
            out.append(line)
    if not out:
        raise ParseError("no sub-claim that shares a word with the claim")
    return out[:MAX_SUBCLAIMS]


@parser("judge", evidence=("evidence",))
def parse_judge(text: str, **_: Any) -> tuple[str, str]:
    """(verdict, explanation): the first verdict word ("true", "false", "not enough info", or
    "supported" / "refuted" / "yes" / "no"), and the sentence after it."""
    m = _VERDICT.search(text or "")
    if m is None:
        raise ParseError("no verdict (true / false / not enough info) in the reply")
    word = m.group(1).lower()
    verdict = _VALUES.get(word, "not_enough_info")
    rest = (text[m.end():] or "").lstrip(" .:-–—,\n\"'").strip()
    rest = re.sub(r"^(?:explanation|because|reason)\s*[:,-]?\s*", "", rest, flags=re.I)
    explanation = re.split(r"(?<=[.!?])\s|\n", rest, maxsplit=1)[0].strip()
    return verdict, explanation

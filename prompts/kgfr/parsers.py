"""Parsers for prompts/kgfr/*.j2."""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Sequence

from kgsparql.errors import ParseError
from kgsparql.llm.parsing import clean_answer, match_candidates, parser

__all__ = ["Verdict", "parse_answer", "parse_reflect", "parse_describe"]

_VERDICT = re.compile(r"^[\s\"'*]*(yes|no|sufficient|insufficient)\b[\s.;:,-]*(.*)$", re.IGNORECASE)
_ACTION = re.compile(r"^(ask|focus)\s*:\s*(.+)$", re.IGNORECASE)


@dataclass(frozen=True)
class Verdict:
    """The reflection: ``sufficient``, else sub-questions to ask or entity names to focus on."""

    sufficient: bool
    ask: tuple[str, ...] = ()
    focus: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"sufficient": self.sufficient, "ask": list(self.ask), "focus": list(self.focus)}


@parser("answer", evidence=("evidence",))
def parse_answer(text: str, *, candidates: Sequence[Any], **_: Any) -> list[Any]:
    """The candidates the answer names, in the order named (a number names the numbered candidate)."""
    return match_candidates(text, candidates)


@parser("reflect", evidence=("evidence",))
def parse_reflect(text: str, **_: Any) -> Verdict:
    """``yes`` | ``no; ask: q1 | q2`` | ``no; focus: A, B`` (a bare ``no`` asks for nothing more)."""
    line = next((ln.strip() for ln in (text or "").splitlines() if ln.strip()), "")
    found = _VERDICT.match(line)
    if not found:
        raise ParseError(f"not a yes/no verdict: {line[:80]!r}", raw=text)
    word, rest = found.group(1).lower(), found.group(2).strip()
    if word in ("yes", "sufficient"):
        return Verdict(True)
    action = _ACTION.match(rest)
    if not action:
        return Verdict(False)
    parts = re.split(r"\s*\|\s*" if action.group(1).lower() == "ask" else r"\s*[,;|]\s*", action.group(2))
    items = tuple(p.strip(" .\"'") for p in parts if p.strip(" .\"'"))
    return Verdict(False, ask=items) if action.group(1).lower() == "ask" else Verdict(False, focus=items)


@parser("describe")
def parse_describe(text: str, **_: Any) -> str:
    """The first line, cleaned; at least two words."""
    line = clean_answer(text)
    if len(line.split()) < 2:
        raise ParseError("no description", raw=text)
    return line[:200]

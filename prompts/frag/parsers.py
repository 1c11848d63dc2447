"""Parsers for prompts/frag/*.j2."""
from __future__ import annotations

from typing import Any, Sequence

from kgsparql.errors import ParseError
from kgsparql.llm.evidence import verbalize
from kgsparql.llm.parsing import match_candidates, match_numbers, parser

__all__ = ["parse_reason", "parse_feedback"]


@parser("reason", evidence=("paths",))
def parse_reason(text: str, *, paths: Sequence[Any], candidates: Sequence[Any], **_: Any) -> list[Any]:
    """The candidates the answer names, in the order named. "Path 2" / "2" names the end of the
    second path (when the paths are ``Path`` objects and that end is a candidate)."""
    ends = [getattr(p, "end", None) for p in paths]
    numbered = [e for e in ends if e is not None and e in candidates]
    return match_candidates(text, candidates, numbered=numbered if len(numbered) == len(paths) else ())


@parser("feedback", evidence=("paths",))
def parse_feedback(text: str, *, paths: Sequence[Any], **_: Any) -> list[int]:
    """0-based indices of the paths the answer names: by number, else by quoting the path."""
    try:
        return match_numbers(text, len(paths))
    except ParseError:
        quoted = [_Quoted(verbalize(p), i) for i, p in enumerate(paths)]
        return [q.index for q in match_candidates(text, quoted, numbered=())]


class _Quoted:
    """A path offered to ``match_candidates`` under its own text."""

    def __init__(self, name: str, index: int) -> None:
        self.name, self.index = name, index

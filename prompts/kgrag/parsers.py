"""Parsers for prompts/kgrag/*.j2."""
from __future__ import annotations

import re
from typing import Any, Sequence

from kgsparql.errors import ParseError
from kgsparql.llm.parsing import match_candidates, parser

__all__ = ["parse_decompose", "parse_answer", "parse_final", "REFERENCE"]

REFERENCE = re.compile(r"\[?#(\d{1,2})\]?")                   # "#1" / "[#1]": the answer of sub-question 1
_SEPARATOR = re.compile(r"\s*(?:\||\n|\s(?=\d[.)]\s)|;\s+(?=\S))\s*")
_NUMBERING = re.compile(r"^\s*(?:(?:sub-?)?(?:question|q)\s*\d*\s*[:.)-]|\d{1,2}\s*[.):-])\s*", re.I)
_WORD = re.compile(r"[^\W\d_]{2,}")
_SYMBOLS = re.compile(r"[%&$@^*=<>{}~\\]{2,}")               # "%%%", "&&&": not a question
_QUOTES = "\"'“”‘’«»"
_LEAD_IN = re.compile(r"^\s*(?:sub-?questions?|answer)\s*:\s*", re.I)


@parser("decompose")
def parse_decompose(text: str, *, question: str, **_: Any) -> list[str]:
    """The sub-questions in order: split on " | ", newlines or numbering; each cleaned of
    numbering, quotes and end punctuation. The chain ends before the first sub-question that refers
    to a later or missing one ("#3" in the second); when that is the first, nothing is usable."""
    parts = [_NUMBERING.sub("", _LEAD_IN.sub("", p.strip(_QUOTES + " "))) for p in _SEPARATOR.split(text or "")]
    subs = [p.strip().strip(_QUOTES + "*` ").rstrip("?.!").strip(_QUOTES + " ") for p in parts]
    subs = [s for s in subs if len(_WORD.findall(s)) >= 2 and not _SYMBOLS.search(s)]
    if not subs:
        raise ParseError("the model wrote no sub-question", raw=text)
    if not _words(subs[0]) & _words(question):
        raise ParseError(f"the first sub-question shares no word with the question: {subs[0]!r}", raw=text)
    for i, sub in enumerate(subs):
        if any(not 1 <= int(k) <= i for k in REFERENCE.findall(sub)):
            if i == 0:
                raise ParseError(f"the first sub-question refers to an answer not yet known: {sub!r}", raw=text)
            return subs[:i]          # the chain up to the first sub-question that refers ahead
    return subs


def _words(text: str) -> set[str]:
    return {w.casefold() for w in _WORD.findall(text) if len(w) >= 4}


@parser("answer", evidence=("facts",))
def parse_answer(text: str, *, candidates: Sequence[Any], **_: Any) -> list[Any]:
    """The candidates the answer names, in the order named (a number names a listed candidate)."""
    return match_candidates(text, candidates)


@parser("final")
def parse_final(text: str, *, candidates: Sequence[Any], **_: Any) -> list[Any]:
    """The candidates of the last sub-question the final answer names."""
    return match_candidates(text, candidates)

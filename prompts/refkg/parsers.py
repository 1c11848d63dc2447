"""Parsers for prompts/refkg/*.j2."""
from __future__ import annotations

import re
from typing import Any, Sequence

from kgsparql.errors import ParseError
from kgsparql.llm.parsing import clean_answer, match_candidates, parser

__all__ = ["parse_decouple", "parse_relations", "parse_reconstruct", "parse_answer"]

_BRACKETS = re.compile(r"\[([^\]]*)\]\s*$")
_LEAD = re.compile(r"^\s*(?:sub-?questions?|sub-?queries)\s*:\s*", re.I)


@parser("decouple")
def parse_decouple(text: str, *, entities: Sequence[Any], **_: Any) -> list[tuple[str, list[Any]]]:
    """``"Q1? [A] | Q2? []"`` -> ``[("Q1?", [A]), ("Q2?", [])]``: each sub-query with the entities it
    names in brackets (matched onto ``entities`` by name; without brackets, the entities its text names)."""
    line = _LEAD.sub("", " ".join((text or "").split()))
    out = []
    for part in filter(None, (p.strip() for p in line.split("|"))):
        found = _BRACKETS.search(part)
        question = (part[:found.start()] if found else part).strip()
        if not question:
            continue
        names = found.group(1) if found else question
        out.append((question, _named(names, entities, strict=bool(found))))
    if not out:
        raise ParseError("the model wrote no sub-question", raw=text)
    covered = {e for _, ents in out for e in ents}
    if any(len(ents) > 2 for _, ents in out) or any(e not in covered for e in entities):
        raise ParseError("the sub-questions must start from every entity, at most two each", raw=text)
    return out


def _named(text: str, entities: Sequence[Any], strict: bool) -> list[Any]:
    if not text.strip() or not entities:
        return []
    try:
        return match_candidates(text, entities, numbered=())
    except ParseError:
        if strict:
            raise
        return []


@parser("relations")
def parse_relations(text: str, *, relations: Sequence[str], k: int = 3, **_: Any) -> list[int]:
    """0-based indices of the relations named (by number or by name), at most ``k``, in order."""
    items = [_Numbered(r, i) for i, r in enumerate(relations)]
    return [item.index for item in match_candidates(text, items)][:k]


class _Numbered:
    """A relation offered to ``match_candidates`` under its own words."""

    def __init__(self, name: str, index: int) -> None:
        self.name, self.index = name, index


@parser("reconstruct", evidence=("facts",))
def parse_reconstruct(text: str, *, names: Sequence[str] = (), **_: Any) -> str:
    """The model's text, cleaned of markup; it must keep at least one of the facts' entity ``names``."""
    cleaned = " ".join(clean_answer(line) for line in (text or "").splitlines() if clean_answer(line))
    folded = cleaned.casefold()
    if not re.search(r"\w", cleaned) or (names and not any(n.casefold() in folded for n in names)):
        raise ParseError("the text names none of the facts' entities", raw=text)
    return cleaned


@parser("answer")
def parse_answer(text: str, *, candidates: Sequence[Any], **_: Any) -> list[Any]:
    """The candidates the answer names, in the order named."""
    return match_candidates(text, candidates)



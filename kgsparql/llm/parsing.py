"""Helpers prompt parsers are built from: clean model chatter, match an answer onto the candidates
that retrieval found, read path numbers. Every helper raises ``ParseError(message, raw=text)`` when
nothing usable is left; none returns an empty list."""
from __future__ import annotations

import difflib
import re
from typing import Callable, Sequence, TypeVar

from ..errors import ParseError

__all__ = ["parser", "label", "clean_answer", "match_candidates", "match_numbers", "FUZZY_CUTOFF"]

T = TypeVar("T")
FUZZY_CUTOFF = 0.85
_PREFIX = re.compile(r"^\s*(?:final\s+|the\s+(?:correct\s+|final\s+)?)?answers?\s*(?:(?:is|are)\b\s*:?|[:=])\s*", re.I)
_MARKUP = re.compile(r"[*_`#>]+|^\s*(?:\d+[.)]|[-•])\s+", re.M)
_QUOTES = "\"'“”‘’«»"
_SPLIT = re.compile(r"\s*(?:[,;|\n]|\band\b|&)\s*", re.I)
_INDEX = re.compile(r"^(?:candidate|option|path|answer|no\.?|#)?\s*[\[(]?(\d{1,3})[\])]?$", re.I)
_NUMBER = re.compile(r"(?<![\w.])(\d{1,3})(?![\w]|\.\d)")


def parser(prompt: str, *, evidence: Sequence[str] = ()) -> Callable[[T], T]:
    """Mark a function in ``prompts/<method>/parsers.py`` as the parser of prompt ``prompt``.
    ``evidence`` names the ranked list variables (aligned, same length) that may be trimmed from
    the end when the prompt does not fit the model's context."""
    def mark(fn: T) -> T:
        fn.__prompt__ = prompt                  # type: ignore[attr-defined]
        fn.__evidence__ = tuple(evidence)       # type: ignore[attr-defined]
        return fn
    return mark


def label(item: object) -> str:
    """What the model sees of a candidate: an Entity's name, else ``str(item)``."""
    name = getattr(item, "name", None)
    return name if isinstance(name, str) else str(item)


def clean_answer(text: str) -> str:
    """First non-empty line without markdown, "Answer:"-style lead-ins, quotes and end punctuation."""
    return next(iter(_lines(text)), "")


def match_candidates(text: str, candidates: Sequence[T], *, numbered: Sequence[T] | None = None,
                     cutoff: float = FUZZY_CUTOFF) -> list[T]:
    """The candidates the answer names, in the order it names them: the whole answer equal to a
    name (case-insensitive), else names mentioned as whole words, else each comma/"and"-separated
    part as an item number or a close spelling (difflib ratio >= ``cutoff``). The first line is
    read first, the whole text only when it names nothing. A number ``k`` means ``numbered[k-1]``
    (default: the candidates themselves, as numbered in the prompt; ``()`` turns numbers off).
    Candidates sharing a name are all returned."""
    lines = _lines(text)
    if not lines:
        raise ParseError("the model gave no answer", raw=text)
    if not candidates:
        raise ParseError("there are no candidates to match the answer against", raw=text)
    by_name: dict[str, list[T]] = {}
    for item in candidates:
        by_name.setdefault(label(item).casefold().strip(), []).append(item)
    numbered = candidates if numbered is None else numbered
    for view in dict.fromkeys([lines[0], "; ".join(lines)]):
        key = view.casefold()
        names = [key] if key in by_name else _mentions(key, by_name)
        chosen = [item for name in names for item in by_name[name]] or _parts(key, numbered, by_name, cutoff)
        if chosen:
            return _unique(chosen)
    raise ParseError(f"the answer matches none of the {len(candidates)} candidates: {lines[0][:80]!r}", raw=text)


def match_numbers(text: str, count: int) -> list[int]:
    """0-based indices of the numbered items (1..count) the answer names, in order; numbers out of
    range (years, ratings) are ignored."""
    seen = [int(n) - 1 for n in _NUMBER.findall(_MARKUP.sub(" ", text or ""))]
    picked = _unique(i for i in seen if 0 <= i < count)
    if not picked:
        raise ParseError(f"the answer names none of the items 1..{count}", raw=text)
    return picked


def _lines(text: str) -> list[str]:
    out = []
    for line in _MARKUP.sub("", text or "").splitlines():
        line = _PREFIX.sub("", line.strip()).strip()
        line = line.strip(_QUOTES + " ").rstrip(".!").strip(_QUOTES + " ")
        if line:
            out.append(line)
    return out


def _mentions(text: str, by_name: dict) -> list[str]:
    """Names occurring as whole words; overlapping hits keep the longest, in text order."""
    hits = sorted((m.start(), -len(name), name) for name in by_name if name
                  for m in re.finditer(rf"(?<!\w){re.escape(name)}(?!\w)", text))
    taken: list[tuple[int, int, str]] = []
    for start, neg_len, name in hits:
        end = start - neg_len
        if all(end <= s or start >= e for s, e, _ in taken):
            taken.append((start, end, name))
    return _unique(name for _, _, name in sorted(taken))


def _parts(text: str, numbered: Sequence[T], by_name: dict, cutoff: float) -> list[T]:
    found: list[T] = []
    for part in filter(None, (p.strip(_QUOTES + " .") for p in _SPLIT.split(text))):
        index = _INDEX.match(part)
        if index:
            if 1 <= int(index.group(1)) <= len(numbered):
                found.append(numbered[int(index.group(1)) - 1])
            continue
        for name in difflib.get_close_matches(part, list(by_name), n=1, cutoff=cutoff):
            found += by_name[name]
    return found


def _unique(items) -> list:
    out: list = []
    for item in items:
        if not any(item is o or item == o for o in out):
            out.append(item)
    return out

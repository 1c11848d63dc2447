"""Text helpers for linking: tokens with character spans, match keys, brackets, content words."""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from ..rank.base import STOPWORDS

__all__ = ["Token", "tokens", "key_of", "loose_key", "split_brackets", "bracket_spans", "is_content", "marks",
           "content_words"]

_TOKEN = re.compile(r"\w+|[^\w\s]")
_ALNUM = re.compile(r"[^\W_]+")
_PUNCT = set(".,;:!?'\"()[]{}-–—/`")


@dataclass(frozen=True, slots=True)
class Token:
    text: str
    start: int
    end: int


def tokens(text: str) -> list[Token]:
    """Words and single punctuation marks with their character offsets."""
    return [Token(m.group(), m.start(), m.end()) for m in _TOKEN.finditer(text)]


def key_of(words: list[str] | str) -> str:
    """Case-insensitive match key: the tokens, case-folded, joined by one space."""
    if isinstance(words, str):
        words = [t.text for t in tokens(words)]
    return " ".join(w.casefold() for w in words)


def fold(text: str) -> str:
    """Case-folded, accents removed (``Amélie`` -> ``amelie``)."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


def loose_key(text: str) -> str:
    """Looser key: letters and digits only, accents removed (``Moulin Rouge!`` -> ``moulin rouge``)."""
    return " ".join(_ALNUM.findall(fold(text)))


def bracket_spans(question: str) -> tuple[str, list[tuple[int, int]]]:
    """The question without ``[`` ``]`` and the span of every bracketed part in that text."""
    spans = []
    for m in re.finditer(r"\[([^\[\]]*)\]", question):
        start = m.start() - sum(question[: m.start()].count(b) for b in "[]")
        spans.append((start, start + len(m.group(1))))
    return question.replace("[", "").replace("]", ""), spans


def split_brackets(question: str) -> tuple[str, tuple[int, int] | None]:
    """The question without ``[`` ``]`` and the span of the first bracketed part in that text."""
    plain, spans = bracket_spans(question)
    return plain, (spans[0] if spans else None)


def is_content(word: str) -> bool:
    """A word that can carry a name: not a function word, not ordinary punctuation."""
    if word.casefold() in STOPWORDS:
        return False
    return bool(_ALNUM.fullmatch(word)) or word not in _PUNCT


def content_words(words: list[str]) -> list[str]:
    return [w for w in words if is_content(w)]


def marks(label: str, sentence_initial: bool = False) -> tuple[bool, bool]:
    """(has a capital, has a digit or symbol) - what makes an exact spelling specific-looking.
    A capital that is only the first letter of the question is not evidence."""
    rest = label[1:] if sentence_initial else label
    capital = any(c.isupper() for c in rest)
    symbol = any(not (c.isalpha() or c.isspace() or c in _PUNCT) for c in label)
    return capital, symbol

"""The question-wording helpers of RefKG's chain judge: sharing cues, the answer type, the answer
shape a question word wants, one mention per relation, and the best hop-to-word assignment."""
from __future__ import annotations

import re
from typing import Sequence

from ...rank.base import STOPWORDS, stem, stems
from ...rank.mentions import SAME_KIND_WORDS

__all__ = ["SHARING_CUES", "CUE", "WH", "answer_type", "wanted_shape", "shape_mismatch", "one_mention_per_relation",
           "best_assignment"]

SHARING_CUES = SAME_KIND_WORDS       # English words asking for entities of the topic's kind
CUE = "<walk back>"
WH = frozenset({"which", "what", "who", "whom"})
NUMBER = re.compile(r"^\s*[-+]?\d[\d,.\s:/-]*\s*$")


def answer_type(words: list[str]) -> str | None:
    """The first content word after a question word, with only function words between ("which
    writers", "who is the director"): the answer's type, which names the last hop."""
    for i, w in enumerate(words):
        if w in WH:
            rest = [x for x in words[i + 1:i + 4] if x not in STOPWORDS]
            return rest[0] if rest else None
    return None


def wanted_shape(words: list[str]) -> str | None:
    """"number" for when / what year / how many / how much, "name" for who / whom, else None."""
    for a, b in zip(words, [*words[1:], ""]):
        if a in ("who", "whom") or (a == "whose" and b):
            return "name"
        if a == "when" or (a == "how" and b in ("many", "much")) or (a in WH and b in ("year", "years", "date")):
            return "number"
    return None


def shape_mismatch(wants: str | None, names: Sequence[str]) -> float:
    """Share of ``names`` of the wrong shape for ``wants`` (0 when nothing is wanted)."""
    if wants is None or not names:
        return 0.0
    numeric = sum(bool(NUMBER.match(n)) for n in names) / len(names)
    return numeric if wants == "name" else 1.0 - numeric


def one_mention_per_relation(evidence: dict, answer_type: str | None, raw: dict) -> dict:
    """Words that name the same relation count once when, side by side, they spell different words
    of its label ("release year of X"), or when one is the answer type right after
    "which"/"what" ("written by which writers"); the same word twice ("the director of X directed")
    still names it twice, once per hop."""
    out = dict(evidence)
    for word in list(out):
        for other in list(out):
            if other == word or word not in out or other not in out:
                continue
            shared = set(out[word]) & set(out[other])
            if not shared:
                continue
            spelled = abs(raw.get(word, -9) - raw.get(other, 9)) == 1 and any(
                stem(word) != stem(other) and stem(word) in stems(l) and stem(other) in stems(l) for l in shared)
            if spelled or word == answer_type:
                del out[word]
    return out


def best_assignment(options: list, hop: int, used: frozenset) -> tuple[float, tuple]:
    """Best total strength assigning each hop at most one distinct word (exhaustive: chains are short)."""
    if hop == len(options):
        return 0.0, ()
    best, words = best_assignment(options, hop + 1, used)
    words = (None, *words)
    for word, strength in options[hop]:
        if word not in used:
            rest, rest_words = best_assignment(options, hop + 1, used | {word})
            if strength + rest > best:
                best, words = strength + rest, (word, *rest_words)
    return best, words

"""Capitalised names a claim writes that the linker left: things the claim names that the KG may not
hold (``unlinked_names``). Which capitalised words are no names is English writing, not a KG's
vocabulary: function words, months, indefinite pronouns, a common word capitalised for opening a
sentence."""
from __future__ import annotations

import re

from ..rank.base import STOPWORDS
from .linked import INDEFINITE_PRONOUNS

__all__ = ["unlinked_names"]

_WORD = re.compile(r"[^\s,;:!?()\"]+")
_JOINERS = frozenset("of the de von van la le del da di".split())
# a month is part of a date, a value the claim states, never a name the KG lacks
_MONTHS = frozenset("""january february march april may june july august september october november december
jan feb mar apr jun jul aug sep sept oct nov dec""".split())
_NO_NAME = STOPWORDS | _MONTHS | INDEFINITE_PRONOUNS          # words that never start or continue a name
_SENTENCE_END = re.compile(r"[.!?]$")
_INITIAL = re.compile(r"[A-Z]\.")                      # one capital and a dot: an initial, not a sentence's end


def unlinked_names(masked_claim: str, common: frozenset[str] = frozenset()) -> list[str]:
    """Capitalised names left in the masked claim (``X`` marks the linked ones): things the claim
    names that the KG does not hold. A capitalised function word ("She", "It's") is not one, and
    neither is a lone capitalised word opening a sentence that is a ``common`` word of the language
    ("Well", "Ever", "Yep": capitalised for its place, not because it names something)."""
    names, current, initial = [], [], -1
    raw = _WORD.findall(masked_claim)
    words = [w.rstrip(".") for w in raw]
    for i, word in enumerate(words):
        low = word.lower()
        if current and _INITIAL.fullmatch(raw[i]) and i + 1 < len(words) and words[i + 1][:1].isupper() \
                and words[i + 1].lower() not in _NO_NAME:
            current.append(word)            # a middle initial ("Bryan A. MacDonald") continues the name
            initial = i
            continue
        opener = low in _NO_NAME or low.split("'")[0] in STOPWORDS
        starts = i == 0 or (bool(_SENTENCE_END.search(raw[i - 1])) and initial != i - 1)
        alone = i + 1 >= len(words) or not words[i + 1][:1].isupper() or words[i + 1] == "X" \
            or words[i + 1].lower() in _NO_NAME     # "Born September 22nd, ..."
        if starts and alone and low in common:
            opener = True
        if word[:1].isupper() and word != "X" and not opener:
            current.append(word)
        elif current and low in _JOINERS:
            current.append(word)
        else:
            _close(current, names)
            current = []
    _close(current, names)
    return names


def _close(current: list[str], names: list[str]) -> None:
    while current and current[-1].lower() in _JOINERS:
        current.pop()
    if current:
        names.append(" ".join(current))

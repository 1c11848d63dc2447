"""A derived word the question completes elsewhere: in "what countries have german as the official
language", ``german`` may be *Germany* written as an adjective (``matching.base_forms``) or the first
word of *German Language*, whose other word the question writes as the relation it asks about
("official language"). Where a label begins with the word as written and its remaining words are
all in the rest of the question and are words the KG names its relations with, the word names that
entity, not the one it derives from: the question says what kind of thing the adjective stands for.
The question's asked noun phrase ("*what language* do german people speak", "*what indonesian language*
has ...") names the answer's kind, not the topic's. "germans", "which german city" (no label *German City*) keep their derived reading."""
from __future__ import annotations

from .index import LabelIndex
from .matching import LOOSE, TRIMMED, Reading, _entity
from .relation_words import word_form
from .text import Token, is_content, loose_key

__all__ = ["completed_readings", "MAX_EXTRA"]

MAX_EXTRA = 2          # words a label may have beyond the span
ASKED = 2              # words of the asked noun phrase
_KINDS = frozenset({"kind", "kinds", "type", "types", "sort", "sorts"})   # "what kind of N"


def completed_readings(index: LabelIndex, toks: list[Token], found: list[Reading],
                       relation_vocab: frozenset[str]) -> list[Reading]:
    """``found`` with each derived (``TRIMMED``) span that a label completes read as that label
    (tier ``LOOSE``), and its derived readings dropped; ``found`` unchanged when none is."""
    spans = {(r.i, r.j) for r in found if r.tier == TRIMMED}
    completed = [c for i, j in sorted(spans) for c in _completions(index, toks, i, j, relation_vocab)]
    if not completed:
        return found
    done = {(c.i, c.j) for c in completed}
    return [r for r in found if not (r.tier == TRIMMED and (r.i, r.j) in done)] + completed


def _completions(index: LabelIndex, toks: list[Token], i: int, j: int,
                 relation_vocab: frozenset[str]) -> list[Reading]:
    """Labels that begin with tokens ``i:j`` as written and go on with 1..``MAX_EXTRA`` words that
    the question writes outside the span and the KG names relations with."""
    words = loose_key(" ".join(t.text for t in toks[i:j])).split()
    elsewhere = {loose_key(t.text) for n, t in enumerate(toks) if not i <= n < j and is_content(t.text)}
    elsewhere -= _asked_words(toks)     # the answer's kind
    out = []
    for k in index.holding(words) if words else []:
        label = index.loose[k].split()
        extra = label[len(words):]
        if label[:len(words)] == words and 0 < len(extra) <= MAX_EXTRA \
                and all(w in elsewhere and word_form(w) in relation_vocab for w in extra):
            out.append(Reading(i, j, _entity(*index.entries[k]), LOOSE))
    return out


def _asked_words(toks: list[Token]) -> set[str]:
    """The noun phrase after the first "what" / "which" (past "kind of", "type of"), up to ``ASKED``
    words and the first function word, loose keys: "what *language* do ...", "what *indonesian
    language* has ..."; empty when none. The reading of ``methods.frag.type_fit.asked_noun``, on
    tokens (linking comes before methods and cannot import them)."""
    words = [loose_key(t.text) for t in toks]
    for n, word in enumerate(words):
        if word in ("what", "which"):
            rest = words[n + 1:]
            if len(rest) > 2 and rest[0] in _KINDS and rest[1] == "of":
                rest = rest[2:]
            phrase = []
            for w in rest[:ASKED]:
                if not w or not is_content(w):
                    break
                phrase.append(w)
            return set(phrase)
    return set()

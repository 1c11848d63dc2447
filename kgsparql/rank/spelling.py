"""When a question word names a relation label by spelling: it shares a crude stem with one of the
label's words (``path_words.named_words``), as a whole part of a compound where the stem lies inside
a longer word, and the two words are close in meaning (``stem_min_cos``). Used by the ``alignment``
ranker (docs/meaning.md)."""
from __future__ import annotations

import numpy as np

from .base import stem
from .path_words import named_words

__all__ = ["Spelling"]


class Spelling:
    """``encoder``: the embedding ranker (MiniLM, or the lexical fallback with no vocabulary);
    ``stem_min_cos``: how close in meaning a word and the label word it shares a stem with must be."""

    def __init__(self, encoder, stem_min_cos: float):
        self.encoder, self.stem_min_cos = encoder, stem_min_cos

    def names(self, word: str, name: str, head_only: bool) -> bool:
        """The word names the label by spelling (``names_label``) and means what the label word it
        shares a stem with means: "found" (of *find*) shares a stem with "founding" but not its
        meaning, as "star" does with "start" (``stem_min_cos``, cosine of the two words)."""
        spelt = [w for w in named_words(word, name, head_only) if self.whole_part(word, w)]
        if not spelt or word in spelt:
            return bool(spelt)
        vectors = self.encoder.embed([word, *spelt])
        return bool(np.max(vectors[1:] @ vectors[0]) >= self.stem_min_cos)

    def whole_part(self, word: str, other: str) -> bool:
        """A stem found inside another word names it only as a whole part of a compound: at its start,
        or after letters that are a word of their own ("writ" in "screenwriters", after "screen"),
        not after a fragment ("iden" in "president", after "pres", is no part of *identifier*; MiniLM
        puts the two words 0.31 apart, above ``stem_min_cos``)."""
        if stem(word) == stem(other):
            return True
        vocabulary = self.encoder.words()       # empty without a model: spelling alone decides
        for inner, outer in ((stem(other), word), (stem(word), other)):
            at = outer.find(inner)
            if at == 0 or (at > 0 and (not vocabulary or outer[:at] in vocabulary)):
                return True
        return False

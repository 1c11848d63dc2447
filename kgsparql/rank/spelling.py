"""When a question word names a relation label by spelling: it shares a crude stem with one of the
label's words (``path_words.named_words``), as a whole part of a compound where the stem lies inside
a longer word, and the two words are close in meaning (``stem_min_cos``). How strongly: fully where
the two are one word in two forms (``word_forms.one_word``: "directed" / ``director``), only as
much as the two words are close in meaning where one is derived into another part of speech or
holds the stem inside a longer word ("architect" / ``architectural style``, "familiar" /
``family``): such a word names the label's head only weakly, and a modifier of it not at all. Used by the
``alignment`` ranker (docs/meaning.md)."""
from __future__ import annotations

from .base import stem
from .path_words import named_words
from .word_forms import one_word

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
        return self.strength(word, name, head_only) > 0

    def strength(self, word: str, name: str, head_only: bool) -> float:
        """How strongly the word names the label by spelling: 1 for a label word that is the word
        itself or the same word in another form (``one_word``); for a word of another form that only
        shares the stem, the cosine of the two words where the label word is the label's head
        ("composed" / ``parent company``: 0.38), nothing where it only modifies the head
        ("architect" / ``architectural style``: a style is no architect); 0 below ``stem_min_cos``."""
        spelt = self.spelt(word, name, head_only)
        if not spelt or word in spelt:
            return float(bool(spelt))
        vectors = self.encoder.embed([word, *spelt])
        cosines = vectors[1:] @ vectors[0]
        vocabulary = self.encoder.words()
        heads = set(named_words(word, name, True)) if not head_only else set(spelt)
        kept = [1.0 if one_word(word, w, vocabulary) else min(float(c), 0.99) if w in heads else 0.0
                for w, c in zip(spelt, cosines) if c >= self.stem_min_cos]
        return max(kept, default=0.0)

    def spelt(self, word: str, name: str, head_only: bool) -> list[str]:
        """The label's words that share a stem with the word, as a whole part where it lies inside."""
        return [w for w in named_words(word, name, head_only) if self.whole_part(word, w)]

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

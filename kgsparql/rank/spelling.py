"""When a question word names a relation label by spelling: it shares a crude stem with one of the
label's words (``path_words.named_words``), as a whole part of a compound where the stem lies inside
a longer word, and the two words are close in meaning (``stem_min_cos``). How strongly: fully where
the two are one word in two forms or of one family (``word_forms``: "directed" / ``director``,
"published" / ``publication``), only as much as the two words are close in meaning where one is
an adjective made from the other or they share no more than the crude stem ("familiar" /
``family``, "composed" / ``company``), and not at all where an adjective only modifies the label's
head ("architect" / ``architectural style``). Used by the
``alignment`` ranker (docs/meaning.md)."""
from __future__ import annotations

from .base import stem
from .path_words import named_words
from .word_forms import adjective_of, one_family, one_word

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
        itself, the same word in another form or of its family (``word_forms``: "published" /
        ``publication year``); an adjective made from the word, or the other way round, names the
        label's head by the two words' cosine ("familiar" / ``family``: 0.32) and a modifier of it not
        at all ("architect" / ``architectural style``: a style is no architect); two words that share
        only the crude stem name it by their cosine ("composed" / ``parent company``: 0.38); 0 below
        ``stem_min_cos``."""
        spelt = self.spelt(word, name, head_only)
        if not spelt or word in spelt:
            return float(bool(spelt))
        vectors = self.encoder.embed([word, *spelt])
        cosines = vectors[1:] @ vectors[0]
        vocabulary = self.encoder.words()
        heads = set(named_words(word, name, True)) if not head_only else set(spelt)
        return max((self._kind(word, w, vocabulary, w in heads, float(c)) for w, c in zip(spelt, cosines)
                    if c >= self.stem_min_cos), default=0.0)

    @staticmethod
    def _kind(word: str, other: str, vocabulary: frozenset[str], head: bool, cosine: float) -> float:
        """1 for one word or one family; for an adjective made from the other word, the cosine where
        the other is the label's head and nothing where it only modifies it; the cosine otherwise."""
        if one_word(word, other, vocabulary) or (one_family(word, other) and not adjective_of(word, other)):
            return 1.0
        if adjective_of(word, other) and not head:
            return 0.0
        return min(cosine, 0.99)

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

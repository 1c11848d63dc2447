"""A partial reading that the question's own words contradict: "george clemenceau" is not *George
Harrison*, "augustus caesar" not *Julius Caesar*, "st augustine" not *St. Louis*.

A BM25 reading finds only some of a label's words. When the words it did not find sit on one side of
those it found (*Harrison* after *George*), the question's word on that side, next to the span, is
where the label would go on. If that word can only be a name (a content word that is not a common
word of the language, i.e. not in the sentence encoder's whole-word vocabulary, and not a word the KG
names its relations with) and is none of the label's words, the question writes another full name
that shares one word with the label, and the reading is dropped, unless it begins with the letter of
the label's word there (a misspelt or mangled spelling of it). Common words stay out of it: in
"who inspired obama", "bosnia speak" or "battle of vicksburg" the neighbour is not part of a name. A side where the question ends
or has a function word ("who did **obama** go", "what did **beethoven**") leaves the reading alone."""
from __future__ import annotations

from .matching import Reading
from .relation_words import word_form
from .text import Token, is_content, loose_key

__all__ = ["names_another"]


def names_another(toks: list[Token], reading: Reading, label_words: list[str], known: frozenset[str]) -> bool:
    """Does the question name something else where ``reading``'s label (its loose-key words) goes on?
    ``known``: the common words of the language and the KG's relation words (``word_form``s)."""
    span = {loose_key(t.text) for t in toks[reading.i:reading.j]}
    found = [n for n, w in enumerate(label_words) if w in span]
    if not found:
        return False
    before, after = label_words[:found[0]], label_words[found[-1] + 1:]
    if before and _other_word(toks, reading.i - 1, before[-1], label_words, known):
        return True
    return bool(after) and _other_word(toks, reading.j, after[0], label_words, known)


def _other_word(toks: list[Token], n: int, label_word: str, label_words: list[str], known: frozenset[str]) -> bool:
    """Is token ``n`` a word that can only be a name (not in ``known``), that the label does not have
    and that does not even begin like the label's ``label_word`` there (a misspelling, "Allhu Akbar",
    or an accent the text lost, "SacatepÃ©quez", still reads as the label)?"""
    if not 0 <= n < len(toks):
        return False
    text = toks[n].text
    if not (text.isalpha() and is_content(text)) or _glued(toks, n):
        return False
    word = text.casefold()
    if loose_key(text)[:1] == label_word[:1]:
        return False
    return loose_key(text) not in label_words and word not in known and word_form(text) not in known \
        and not _adverb_of_known(word, known)


def _adverb_of_known(word: str, known: frozenset[str]) -> bool:
    """An English adverb of a common word ("natively", "mainly", "happily") is no name, even where
    the encoder's vocabulary holds only the adjective."""
    if len(word) < 6 or not word.endswith("ly"):
        return False
    return word[:-2] in known or (word.endswith("ily") and word[:-3] + "y" in known)


def _glued(toks: list[Token], n: int) -> bool:
    """Is token ``n`` a piece of a longer, mangled word (no space between it and a neighbour)?"""
    return (n > 0 and toks[n - 1].end == toks[n].start) or (n + 1 < len(toks) and toks[n].end == toks[n + 1].start
                                                           and toks[n + 1].text.isalnum())

"""A word that names the kind of entity a question is about is not a relation it asks for.

The aligner reads a question word as naming a relation when its stem occurs in one of the relation's
words. "Which *companies* did Bill Gates found?" then names ``parent company``, "which *publisher* did
X found" names ``year published``, "in which *city* is the museum that holds X" names ``capital city``:
the word is the kind of answer (or of an entity on the way), placed where a question names kinds
("which N", "the N that ..."; ``rank.base.type_words``), and the label holds a word the question never
uses ("parent", "year", "capital"). Read as a relation, such a word refuses the right chain ("the KG
has no 'parent company' for Bill Gates") or keeps the meaning view from speaking.

``without_kind_words`` leaves those labels out of a question's relation words: a label named only by
a kind word (no other word of the label is in the question: "in what *year* was X *first* climbed" keeps
``first ascent year``) and holding a content word the question does not use. A label the kind word names in
full stays ("which *directors*" and ``directed by``, "which *awards*" and ``award``), and so does every
label of a kind word that names one in full: that word then also reads as a relation ("which
*publisher* did X found" names ``published by`` and is read beside ``year published``; left out, the
answer-type reading along ``designer (reverse) ; published by`` answered "which publisher did Klaus
Teuber found" with the publisher of his games). Only the question's words and the KG's own labels
are read; no relation of any KG is named here."""
from __future__ import annotations

from typing import Mapping, Sequence

from ..rank.base import stems, type_words

__all__ = ["without_kind_words"]


def without_kind_words(question: str, evidence: Mapping[str, Mapping[str, float]],
                       names: Mapping[str, Sequence[str]]) -> dict[str, dict[str, float]]:
    """``evidence`` (question word -> {label it names: strength}) without the labels that a kind word
    of ``question`` names by spelling (strength 1) while each of the label's names holds a word the
    question does not use, where that word names no label in full; a word left naming nothing is left
    out. ``names``: label -> its names."""
    kinds, asked = type_words(question), stems(question)
    out: dict[str, dict[str, float]] = {}
    for word, labels in evidence.items():
        full = {label for label, v in labels.items() if v >= 1.0 and _named_in_full(asked, names.get(label, (label,)))}
        kept = {label: v for label, v in labels.items() if word not in kinds or v < 1.0 or full
                or _more_than(word, asked, names.get(label, (label,)))}
        if kept:
            out[word] = kept
    return out


def _more_than(word: str, asked: set[str], label_names: Sequence[str]) -> bool:
    """The question uses another word of the label besides the kind word ("in what *year* was X *first*
    climbed" and ``first ascent year``): the label is named by more than the kind."""
    return any(stems(name) & asked - stems(word) for name in label_names)


def _named_in_full(asked: set[str], label_names: Sequence[str]) -> bool:
    """Some name of the label has every content word in the question (by stem)."""
    return any(stems(name) <= asked for name in label_names if stems(name))

"""Which words of a question name no rival of the chain a method chose. The refusal "the KG has no 'R'
for X" names a relation R that some word of the question names and the chain does not use. Two kinds
of word name no such rival:

- a word that a hop of the chain already uses: in "what type of *government* does Italy have" the
  chain ``form of government`` spends "government"; that the same word also names ``government for``
  is no reason to refuse it (WebQSP dev: "what form of government is the uk" refused on
  ``art forms``/``government for`` beside ``form of government``);
- the frame of "what *type* / *kind* / *sort* of N" (``answer_type.frame_words``): it asks for a
  classifying relation and names none of its own (not ``school type``).

The words come from the question and the chain's own labels, read word by word: no relation of any
KG is named here."""
from __future__ import annotations

from typing import Iterable, Mapping

from ..meaning import without_direction
from .answer_type import frame_words

__all__ = ["spent_words"]


def spent_words(masked: str, evidence: Mapping[str, Mapping[str, float]], own: Iterable[str]) -> frozenset[str]:
    """The words of ``evidence`` (word -> {label: strength}) that name no rival: those a label of
    ``own`` (the chain's relations in words, without direction) writes or that name one of them, and
    the frame words of ``masked``."""
    own = {without_direction(label) for label in own}
    written = {w for label in own for w in label.lower().split()}
    used = {word for word, named in evidence.items()
            if word in written or any(without_direction(label) in own for label in named)}
    return frozenset(used) | frame_words(masked)

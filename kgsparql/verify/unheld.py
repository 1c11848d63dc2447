"""A relation the claim names that neither of its two entities holds ("X was written by Y" where the
KG records *writer* for other things but joins X and Y only by *producer*): read as a closed world,
the link the claim states is not there, however else the two are joined.

A word counts only when it names a label of the KG's whole vocabulary clearly: by its stem and close
in meaning too (the stem alone ties "passed" to *assembly*). A word at the head of an indefinite
noun phrase after a preposition ("died in a region which was led by Y", "in a city that's led by")
names an unnamed thing between the entities, not their link; a claim whose subject is unnamed ("It
is one of the ingredients in Y") is about a third thing; neither counts."""
from __future__ import annotations

import re
from dataclasses import replace

import numpy as np

from .kg_vocabulary import vocabulary
from .linked import Mentioned, masked
from .relation_words import RelationWord, relation_words
from .unnamed import unnamed_subject

__all__ = ["unheld_words", "names_some_thing", "MEANS"]

MEANS = 0.8           # the cosine a stem-matched word must also reach to its label
_UNNAMED_THING = re.compile(r"\b(?:in|at|on|from|of|to|by|with|for|into|near)\s+an?\s+(?:[\w-]+\s+){0,2}$", re.I)


def unheld_words(ctx, text: str, framing, mentioned: list[Mentioned], held: set[str]) -> list[RelationWord]:
    """The claim's words that clearly name a KG relation that neither entity holds (empty unless
    the claim names exactly two entities and its subject is one of them)."""
    if len(mentioned) != 2 or unnamed_subject(text, framing, mentioned[0]):
        return []
    spans = list(framing) + [(m.start, m.end) for m in mentioned]
    found = relation_words(ctx.ranker("alignment"), text, masked(text, mentioned), sorted(held | set(vocabulary(ctx))))
    found = [w for w in found if w.strength >= 1.0 and not w.labels & held
             and not any(a <= w.position < b for a, b in spans) and not _UNNAMED_THING.search(text[:w.position])]
    nearest = [_nearest(ctx.encoder, w) for w in found]
    return [replace(w, labels=frozenset({label})) for w, (label, cos) in zip(found, nearest) if cos >= MEANS]


_SOME = re.compile(r"\b(?:an?)\s+(?:[\w-]+\s+){0,2}$", re.I)


def names_some_thing(text: str, word: RelationWord) -> bool:
    """The word heads an indefinite noun phrase ("a country with Rome as its capital", "the club of
    a soccer manager who ..."): it says what an unnamed thing between the entities is, not how they
    are linked."""
    return bool(_SOME.search(text[:word.position]))


def _nearest(encoder, word: RelationWord) -> tuple[str, float]:
    """The label, of those the word names by stem, nearest to it in meaning, and its cosine."""
    labels = sorted(word.labels)
    cosines = encoder.embed(labels) @ encoder.embed([word.word])[0]
    best = int(np.argmax(cosines))
    return labels[best], float(cosines[best])

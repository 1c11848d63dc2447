"""A relation the claim names that neither of its two entities holds ("X was written by Y" where the
KG records *writer* for other things but joins X and Y only by *producer*): read as a closed world,
the link the claim states is not there, however else the two are joined.

A word counts only when it names a label of the KG's whole vocabulary by its stem and is near it in
meaning too (the stem alone ties "passed" to *assembly*): clearly, the word alone, or loosely, when the
claim as a whole means that label first of the vocabulary (a verb is often far from its relation's noun
as a single word, "owns" / *owner*, "written" / *writer*, though the claim around it means it; "people"
of "Italians are people who live in Italy" is not *key people*); and when neither entity holds a synonym of
that label: a held label the word is about as near to ("written": *writer* 0.61, *author* 0.60), or one
near the named label itself (*designer* and *architect*, 0.67). Which labels are synonyms is read from
the KG's own labels by meaning, as any KG's would be; no relation names are listed. A word at the head of an indefinite
noun phrase after a preposition ("died in a region which was led by Y", "in a city that's led by")
names an unnamed thing between the entities, not their link; a claim whose subject is unnamed ("It
is one of the ingredients in Y") is about a third thing; neither counts."""
from __future__ import annotations

import re
from dataclasses import replace

import numpy as np

from .framing import outside
from .kg_vocabulary import matcher, vocabulary
from .linked import Mentioned, masked
from .relation_words import RelationWord, relation_words
from .unnamed import unnamed_subject

__all__ = ["unheld_words", "names_some_thing", "MEANS"]

MEANS = 0.8           # the cosine a stem-matched word must also reach to its label ...
LOOSELY = 0.5         # ... or this, where the whole claim means the label first of the vocabulary
CLAIM_MEANS = 0.7     # the matcher score of that label for the claim
SYNONYM = 0.6         # two labels this near in meaning name the same link
NEAR_AS = 0.08        # a held label this near the word as the named one is may be what the word means
_UNNAMED_THING = re.compile(r"\b(?:in|at|on|from|of|to|by|with|for|into|near)\s+an?\s+(?:[\w-]+\s+){0,2}$", re.I)


def unheld_words(ctx, text: str, framing, mentioned: list[Mentioned], held: set[str]) -> list[RelationWord]:
    """The claim's words that clearly name a KG relation that neither entity holds (empty unless
    the claim names exactly two entities and its subject is one of them)."""
    if len(mentioned) != 2 or unnamed_subject(text, framing, mentioned[0]):
        return []
    spans = list(framing) + [(m.start, m.end) for m in mentioned]
    labels = sorted(held | set(vocabulary(ctx)))
    found = relation_words(ctx.ranker("alignment"), text, masked(text, mentioned), labels)
    found = [w for w in found if w.strength >= 1.0 and not w.labels & held
             and not any(a <= w.position < b for a, b in spans) and not _UNNAMED_THING.search(text[:w.position])]
    out, meant = [], None
    for w in found:
        label, cos = _nearest(ctx.encoder, w)
        if cos < MEANS and cos >= LOOSELY and meant is None:
            meant = _meant(ctx, masked(outside(text, list(framing)), mentioned), labels)
        if (cos >= MEANS or (cos >= LOOSELY and meant == label)) \
                and not _synonym_held(ctx.encoder, w.word, label, cos, sorted(held)):
            out.append(replace(w, labels=frozenset({label})))
    return out


def _meant(ctx, masked_claim: str, labels: list[str]) -> str:
    """The label the whole claim means first of ``labels``, when it scores ``CLAIM_MEANS``; else ""."""
    ranked = matcher(ctx).rank(masked_claim, labels)
    return ranked[0][0] if ranked and ranked[0][1] >= CLAIM_MEANS else ""


def _synonym_held(encoder, word: str, label: str, cos: float, held: list[str]) -> bool:
    """One of the ``held`` labels may be what ``word`` means instead of ``label`` (which it names by
    stem, at cosine ``cos``): the word is about as near to it, or it is near ``label`` itself."""
    if not held:
        return False
    vectors = encoder.embed(held)
    to_word = vectors @ encoder.embed([word])[0]
    to_label = vectors @ encoder.embed([label])[0]
    return bool(np.any(to_word >= cos - NEAR_AS) or np.any(to_label >= SYNONYM))


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

"""The question's relation words, for the ``alignment`` ranker: which words of a question name
which relation labels, and how strongly.

A word names a label by spelling (``Spelling``: a shared stem, close in meaning; fully only where the
two are one word in two forms, ``word_forms``), or by meaning when
its embedding is close to the label's (``cast`` / ``starred actors``) by at least ``min_cos`` and
ahead of every other label by ``margin`` (single words are ambiguous: "films" is close to every film
relation). A word that only modifies the names of several relations and heads none is the KG's
domain word and names none of them; a word that heads a name of some of the labels it spells and only
modifies the names of the others names only the former ("recorded": ``performer``, alias "recorded
by", not "record producer" or ``record label``; ``heads``), so a KG's many aliases do not make
rivals of relations the word only describes; a word that names the kind of entity asked about ("which
films") names a relation only where it is what the relation is about."""
from __future__ import annotations

import numpy as np

from .base import STOPWORDS, framing_words, tokenize, type_words
from .mentions import asks_for_date
from .path_words import names_label, path_labels
from .relation_names import RelationNames
from .spelling import Spelling

__all__ = ["WordEvidence", "heads", "quotes"]


class WordEvidence:
    """``read(query, labels)``: word -> {relation label it names: strength in (0, 1]}."""

    def __init__(self, encoder, spelling: Spelling, names: RelationNames, min_cos: float, margin: float):
        self.encoder, self.spelling, self.names = encoder, spelling, names
        self.min_cos, self.margin = min_cos, margin

    def similarities(self, word_vecs: np.ndarray, labels: list[str]) -> np.ndarray:
        """words x labels cosine, a label scoring its best name (its own words and its aliases)."""
        groups = [self.names.of(label) for label in labels]
        sims = word_vecs @ self.encoder.embed([n for g in groups for n in g]).T
        if len(groups) == sims.shape[1]:
            return sims
        starts = np.cumsum([0] + [len(g) for g in groups[:-1]])
        return np.maximum.reduceat(sims, starts, axis=1)

    def read(self, query: str, labels: list[str]) -> dict[str, dict[str, float]]:
        framing = framing_words(query)       # "kind" in "what kind of": by meaning only, not by spelling
        words = [w for w in dict.fromkeys(tokenize(query, stopwords=True)) if w != "x"]
        if not words or not labels:
            return {}
        sims = self.similarities(self.encoder.embed(words), labels)
        out: dict[str, dict[str, float]] = {}
        typed, dated = type_words(query), asks_for_date(query)
        for i, word in enumerate(words):
            found, resembled = ({}, []) if word in framing else self._spelt(word, labels, word in typed)
            if found and (len(found) > 1 or self.names.domain_word(word)) and not any(
                    names_label(word, name, True) for label in found for name in self.names.of(label)):
                found, typed = {}, typed | {word}    # the KG's domain word ("film" in "film genre", "film director")
            found = found if dated else self._headed(word, found)
            if not found and word in typed:
                continue        # a kind of entity ("which films"), unless it is what a relation is about
            if max(found.values(), default=0.0) < 1.0:   # by meaning, past the labels it only resembles in spelling
                meant = self._meant(sims[i], labels, resembled)
                if sum(meant.values()) > max(found.values(), default=0.0):
                    found = meant
            if found:
                out[word] = found
        return out

    def _spelt(self, word: str, labels: list[str], head_only: bool) -> tuple[dict[str, float], list[int]]:
        """The labels the word names by spelling, each with its strength (``Spelling.strength``), and
        the indexes of every label whose words share a stem with it: a label it resembles but does
        not name ("architect" and ``architectural style``) is no closer in meaning for that spelling."""
        found: dict[str, float] = {}
        resembled: list[int] = []
        for i, label in enumerate(labels):
            names = [name for name in self.names.of(label) if self.spelling.spelt(word, name, head_only)]
            if names:
                resembled.append(i)
                strength = max(self.spelling.strength(word, name, head_only) for name in names)
                if strength > 0:
                    found[label] = strength
        return found, resembled

    def _headed(self, word: str, found: dict[str, float]) -> dict[str, float]:
        """Of several labels the word names by spelling, those with a name it heads (``heads``),
        where it heads some and only modifies the others': "recorded" heads ``performer``'s alias
        "recorded by" and only modifies "record producer" and ``record label``; "play" heads "plays
        for" (``member of sports team``) and only modifies ``position played on team``; a name that
        the word opens word for word stays ("premiere" and ``premiere cast``: ``quotes``). Not in a
        question asking when: there the date is the head it asks for ("when was X founded":
        ``founding year`` beside ``founded by``)."""
        if len(found) < 2:
            return found
        headed = {label: s for label, s in found.items()
                  if any(heads(word, n) or quotes(word, n) for n in self.names.of(label))}
        return headed or found

    def _meant(self, sims: np.ndarray, labels: list[str], resembled: list[int]) -> dict[str, float]:
        """The label a word is closest to in meaning, when close enough and clearly ahead."""
        if resembled:
            sims = sims.copy()
            sims[resembled] = -1.0
        if len(labels) == 1:
            return {labels[0]: float(sims[0])} if sims[0] >= self.min_cos else {}
        order = np.argsort(-sims)
        best, second = sims[order[0]], sims[order[1]]
        return {labels[order[0]]: float(best)} if best >= self.min_cos and best - second >= self.margin else {}


def heads(word: str, name: str) -> bool:
    """Does ``word`` name the head of ``name``: its noun (the last word before "of": ``record
    label``, ``field of work``), or the verb a verb phrase opens (a first word followed by a
    preposition other than "of": ``runs on line``, "recorded by")? A hop's "(reverse)" mark is no word."""
    name = (path_labels(name) or [name])[0]
    if names_label(word, name, True):
        return True
    words = name.lower().split()
    return len(words) > 1 and words[1] in STOPWORDS and words[1] != "of" and names_label(word, words[0])


def quotes(word: str, name: str) -> bool:
    """Is ``word``, in this very form, a word of ``name`` that modifies the next ("premiere" in
    ``premiere cast``; "recorded" not in ``record label``, "work" not in ``field of work``)?"""
    words = (path_labels(name) or [name])[0].lower().split()
    return any(w == word and nxt not in STOPWORDS for w, nxt in zip(words, words[1:]))

"""Scores of readings: a weighted sum of evidence, each part in [0, 1], the weights summing to 1.

    tier     0.27  how the span matched a label: exact key 1, loose key 0.8, BM25 <= 0.6
    case     0.10  the span is spelled exactly like the label (case included)
    marked   0.20  ... and the label has a capital, digit or symbol (beyond a sentence-initial capital)
    maximal  0.15  no longer reading with at least as good a spelling contains this span
                   (``Martha`` inside ``Martha Plimpton``, ``Moulin Rouge`` inside ``Moulin Rouge!``;
                   a loose match counts as good as an exact one: ``cambridge`` inside
                   ``trinity college cambridge`` for *Trinity College, Cambridge*)
    content  0.06  content words in the span, up to 4
    length   0.02  tokens in the span, up to 8
    name     0.05  the span has a content word the KG does not name its relations with
                   (``relation_words``: ``slovakia`` beside ``country`` in ``what country borders slovakia``)
    fit      0.15  the entity's relations are named in the rest of the question (``typefit``), and
                   its degree (how many facts it has) among the candidates breaks near ties

Case is evidence only where the writer uses it. In a question with a capital beyond its first
letter, ``judd apatow`` in lower case is the tag, not the person. In a question without one,
spelling says little (``films directed by judd apatow``): an exact spelling earns a 0.01 tie-break,
a digit or symbol 0.05 (``film 51``), containment ignores spelling, and length and ``fit`` decide."""
from __future__ import annotations

from .matching import LOOSE, MIN_STEM, TRIMMED, Reading
from .relation_words import names_relation
from .text import Token, is_content, marks, tokens

__all__ = ["WEIGHTS", "CASELESS", "base_scores", "acceptable", "uses_case"]

WEIGHTS = {"tier": 0.27, "case": 0.10, "marked": 0.20, "maximal": 0.15, "content": 0.06,
           "length": 0.02, "name": 0.05, "fit": 0.15}
CASELESS = {"case": 0.01, "marked": 0.05}


def uses_case(text: str) -> bool:
    """Does the writer capitalise (a capital letter after the first character)?"""
    return any(c.isupper() for c in text[1:])


def _spelling(toks: list[Token], r: Reading, case_aware: bool) -> tuple[bool, bool]:
    """(spelled exactly like the label, and that label is marked)."""
    label = r.entity.label or ""
    span, words = [t.text for t in toks[r.i:r.j]], [t.text for t in tokens(label)]
    shorter = r.tier < LOOSE and all(w[:1].isupper() for w in span) and _begins(span, words)
    derived = r.tier == TRIMMED and case_aware and _derived_alike(span, words)
    if span != words and not shorter and not derived:   # a name written shorter than the label, or
        return False, False                             # a form derived from it, spelled alike
    capital, symbol = marks(label, sentence_initial=r.i == 0)
    return True, symbol or (capital and case_aware)


def _derived_alike(span: list[str], words: list[str]) -> bool:
    """The span names the label in a derived form (``Austrians``, ``German`` for *Austria*, *Germany*)
    spelled like it, case included: the same words before the last, and the last two words share
    their first ``MIN_STEM`` letters or more exactly as written (``mountains`` for *mountain* too, but
    there the label has no capital to mark it)."""
    if len(span) != len(words) or span[:-1] != words[:-1]:
        return False
    a, b = span[-1], words[-1]
    same = next((n for n, (x, y) in enumerate(zip(a.casefold(), b.casefold())) if x != y), min(len(a), len(b)))
    return same >= MIN_STEM and a[:same] == b[:same]


def _begins(span: list[str], words: list[str]) -> bool:
    """Do the span's words, as spelled, begin the label's words?"""
    return 0 < len(span) < len(words) and words[:len(span)] == span


def acceptable(toks: list[Token], r: Reading) -> bool:
    """A span of function words only (``the``, ``in``, ``'s``) is a name only when spelled exactly
    like a marked label (``How to Be``, ``What?``)."""
    return any(is_content(t.text) for t in toks[r.i:r.j]) or _spelling(toks, r, True)[1]


def _dominated(r: Reading, level: int, others: list[tuple[Reading, int]]) -> bool:
    """A longer reading holds this span with at least as good a spelling and match. A loose match
    (the label's words, only punctuation or accents set aside: ``trinity college cambridge`` for
    *Trinity College, Cambridge*) is as good as an exact one of fewer words (``cambridge``)."""
    return any(o.i <= r.i and r.j <= o.j and (o.i, o.j) != (r.i, r.j) and lv >= level
               and (o.tier >= r.tier or o.tier >= LOOSE) for o, lv in others)


def base_scores(toks: list[Token], readings: list[Reading], case_aware: bool = True,
                relation_vocab: frozenset[str] = frozenset()) -> list[float]:
    """Every part but ``fit``, for each reading (in order); ``relation_vocab``: the KG's relation words."""
    w = {**WEIGHTS, **({} if case_aware else CASELESS)}
    spelled = [_spelling(toks, r, case_aware) for r in readings]
    levels = [(r, (exact + marked) if case_aware else 0) for r, (exact, marked) in zip(readings, spelled)]
    out = []
    for (r, level), (exact, marked) in zip(levels, spelled):
        n_content = sum(1 for t in toks[r.i:r.j] if is_content(t.text))
        out.append(w["tier"] * r.tier + w["case"] * exact + w["marked"] * marked
                   + w["maximal"] * (not _dominated(r, level, levels))
                   + w["content"] * min(n_content, 4) / 4 + w["length"] * min(r.j - r.i, 8) / 8
                   + w["name"] * (not names_relation([t.text for t in toks[r.i:r.j]], relation_vocab)))
    return out

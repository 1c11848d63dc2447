"""Names written shorter than the KG writes them: a capitalised span that matches no label but whose
words begin a few labels ("United States" for *United States of America*, "Tupac" for *Tupac Shakur*,
"Icelandic" for *Icelandic Language*). A label that only ends in the span names something else (a
"Cathedral" is not *Barcelona Cathedral*), and so does a label that begins with only some of the
words written as one name ("Lala Anthony" is not *Anthony of Padua*). The best-connected label of a span reads it best; type fit
then weighs it against the question as it does any reading."""
from __future__ import annotations

from .index import LabelIndex
from .matching import Reading, _entity
from .text import Token, is_content, loose_key
from .typefit import degree_share

__all__ = ["contained_readings", "CONTAINED"]

CONTAINED = 0.5        # match tier of the best-connected label of a span
MAX_LABELS = 50        # readings kept per span
MAX_SINGLE = 10        # labels a one-word span may sit in
MAX_EXTRA = 3          # words a label may have beyond the span


def _named(tok: Token) -> bool:
    """A word written as a name: a capital first letter, and not a function word."""
    return tok.text[:1].isupper() and is_content(tok.text) and tok.text.isalnum()


def _runs(toks: list[Token]) -> list[tuple[int, int]]:
    """Maximal runs of name-like tokens."""
    runs, start = [], None
    for n, tok in enumerate([*toks, None]):
        if tok is not None and _named(tok):
            start = n if start is None else start
        elif start is not None:
            runs.append((start, n))
            start = None
    return runs


def _covered(i: int, j: int, found: list[Reading]) -> bool:
    """Does a reading already hold the span or a longer span around it?"""
    return any(r.i <= i and j <= r.j for r in found)


def contained_readings(index: LabelIndex, toks: list[Token], found: list[Reading], degree,
                       common: frozenset[str] = frozenset()) -> list[Reading]:
    """Readings of the runs of name-like words no reading in ``found`` holds: labels whose loose key
    holds the run's words first, followed by at most ``MAX_EXTRA`` more words: the whole run, else
    its beginning when the label goes on like the run's next word. A name written in full ("Lala
    Anthony", "Mark Barone") is not another one that begins or ends with one of its words (*Anthony
    of Padua*, *Mark Twain*). A word that opens the question and is a ``common``
    word of the language ("Someone", "Well", "Name") is capitalised for its place, not as a name.
    ``degree(entities)`` gives each entity's number of facts (one query for all runs): the
    best-connected label of a run gets the full tier, the others less (``degree_share``)."""
    out: list[Reading] = []
    for lo, hi in _runs(toks):
        lo += lo == 0 and toks[0].text.lower() in common     # "Name Tupac's films": the capital of "Name" is its place's
        for j in range(hi, lo, -1):                          # the run, then its beginnings
            if not _covered(lo, j, found + out):
                out.extend(_inside(index, toks, lo, j, toks[j].text if j < hi else ""))
    if not out:
        return out
    facts = degree(list(dict.fromkeys(r.entity for r in out)))
    share: dict = {}
    for span in {(r.i, r.j) for r in out}:
        share.update({(span, e): v for e, v in degree_share(
            {r.entity: facts.get(r.entity, 0) for r in out if (r.i, r.j) == span}).items()})
    return [Reading(r.i, r.j, r.entity, r.tier * share[((r.i, r.j), r.entity)]) for r in out]


def _inside(index: LabelIndex, toks: list[Token], i: int, j: int, next_name: str = "") -> list[Reading]:
    """Labels that begin with tokens ``i:j``; ``next_name``, the name word the question writes next,
    must begin the label's next word alike (``_goes_on``)."""
    words = loose_key(" ".join(t.text for t in toks[i:j])).split()
    if not words:
        return []
    ids = index.holding(words)
    if len(words) == 1 and len(ids) > MAX_SINGLE:
        return []           # one word that begins many labels is a common word, not a name
    after = loose_key(" ".join(t.text for t in toks[j:j + MAX_EXTRA])).split()
    out = []
    for k in ids:
        label = index.loose[k].split()
        if 0 < len(label) - len(words) <= MAX_EXTRA and label[:len(words)] == words \
                and not _other_ending(label[len(words):], after) and _goes_on(label[len(words)], next_name):
            out.append(Reading(i, j, _entity(*index.entries[k]), CONTAINED))
    return out[:MAX_LABELS]


def _other_ending(extra: list[str], after: list[str]) -> bool:
    """Does the question go on like the label, then part from it ("National Anthem of Guatemala"
    is not *National Anthem of Chile*)?"""
    n = 0
    while n < min(len(extra), len(after)) and extra[n] == after[n]:
        n += 1
    return 0 < n < len(extra)


def _goes_on(word: str, next_name: str) -> bool:
    """Does a label's next ``word`` begin with the letter of the name word the question writes next
    (if any)? Only its first letter: an accent the text lost ("PÃ©rez") breaks the rest."""
    key = loose_key(next_name)
    return not key or word[:1] == key[:1]

"""Names written as their initials: "kkk" for *Ku Klux Klan*, "nafta" for *North American Free Trade
Agreement*, "UFC" for *Ultimate Fighting Championship*.

Asked only where the question names nothing else (every reading found so far, BM25's included, is
only a word the KG names its relations with): then a single content word that no reading
holds, is no relation word of the KG, has three letters or more (two in capitals: "UK"), and
spells the first letters of a label of two or more words (its function words left out, or all of
its words) reads as that label. A word that spells more
than a few labels is too short to tell them apart and reads as none. Type fit and degree then weigh
each reading against the question, as for any other reading. No list of abbreviations is kept: the
labels are the KG's own. (Most abbreviations are in the sentence encoder's vocabulary, "ufc", "nba",
"uk", so the language's common words cannot tell them from words; the question naming nothing else
does.)"""
from __future__ import annotations

from .index import LabelIndex
from .matching import Reading, _entity
from .text import Token, is_content, tokens

__all__ = ["initials_readings", "INITIALS"]

INITIALS = 0.7        # match tier of a label whose initials the word spells
MIN_LETTERS = 2       # written in capitals ("UK"); in lower case ...
MIN_LOWER = 3         # ... at least this many ("st", "us" and "dr" are words before they are initials)
MAX_LETTERS = 6
MAX_LABELS = 3        # a word spelling more labels than this reads as none


def initials_of(label: str) -> set[str]:
    """The initials a label may be written as: of its content words, and of all its words."""
    words = [t.text for t in tokens(label) if t.text[:1].isalpha()]
    if len(words) < 2:
        return set()
    found = {"".join(w[0] for w in words if is_content(w)).casefold(), "".join(w[0] for w in words).casefold()}
    return {k for k in found if MIN_LETTERS <= len(k) <= MAX_LETTERS}


def _by_initials(index: LabelIndex) -> dict[str, list[int]]:
    """Entry numbers by initials, computed once per index."""
    table = getattr(index, "_initials", None)
    if table is None:
        table = {}
        for n, (_, label) in enumerate(index.entries):
            for key in initials_of(label):
                table.setdefault(key, []).append(n)
        index._initials = table
    return table


def _written_as_initials(tok: Token, relation_words: frozenset[str]) -> bool:
    text = tok.text
    shortest = MIN_LETTERS if text.isupper() else MIN_LOWER
    return text.isalpha() and shortest <= len(text) <= MAX_LETTERS and is_content(text) \
        and text.casefold() not in relation_words


def initials_readings(index: LabelIndex, toks: list[Token], found: list[Reading],
                      relation_words: frozenset[str]) -> list[Reading]:
    """A reading for each word written as the initials of a few labels and read as nothing else
    (``found``: the readings so far; ``relation_words``: the words the KG names its relations with)."""
    out: list[Reading] = []
    for n, tok in enumerate(toks):
        if any(r.i <= n < r.j for r in found) or not _written_as_initials(tok, relation_words):
            continue
        ids = _by_initials(index).get(tok.text.casefold(), [])
        if len(ids) <= MAX_LABELS:
            out.extend(Reading(n, n + 1, _entity(*index.entries[k]), INITIALS) for k in ids)
    return out

"""Does the KG hold a name the linker left, written in another form? Names differ from a KG's labels in
form only, in ways any writer of English varies them: case, punctuation, abbreviation dots ("FC Bari
1908" / *F.C. Bari 1908*), diacritics and letters without a decomposition ("Turk Sehitleri Aniti" /
*Türk Şehitleri Anıtı*), apostrophes, an opening "The", a parenthesised qualifier (*Christian
Democratic Union (Latvia)*). ``form_key`` removes exactly those differences; nothing is keyed to a
KG's vocabulary or to a list of names.

A name is held in another form (``held_in_form``) when a label of the KG's label index has its form,
or when a label holding the name's form is written whole in the claim around it ("FC Bari" cut off before
"1908" by the name reader, where the claim writes "FC Bari 1908"). Labels are looked up through the
rarest word of the name (``LabelIndex.holding``); a KG linked without a local index holds no name
this way (the caller keeps its reading)."""
from __future__ import annotations

import re

from .written_values import plain_words

__all__ = ["form_key", "held_in_form", "written_as"]

_QUALIFIER = re.compile(r"\([^()]*\)")
_JOINING = re.compile(r"[.'’`]")          # dots and apostrophes join letters: "F.C." = "FC", "Martyrs'" = "Martyrs"
MAX_CANDIDATES = 2000                      # labels compared per name: a word held by more says nothing alone


def form_key(text: str) -> str:
    """The name's words in one form: lower case, no diacritics, no dots or apostrophes, no
    parenthesised qualifier, no opening "the"."""
    words = plain_words(_JOINING.sub("", _QUALIFIER.sub(" ", text))).split()
    return " ".join(words[1:] if words[:1] == ["the"] and len(words) > 1 else words)


def held_in_form(index, claim: str, name: str) -> bool:
    """Some label of ``index`` (a ``LabelIndex``, or None) is ``name`` in another form, or is
    written whole in the claim around it. A label that only holds the name's words ("New Orleans"
    in *New Orleans Saints*) is another thing."""
    key = form_key(name)
    if index is None or not key:
        return False
    around = form_key(claim).split()
    return any(_is_written(around, key.split(), form_key(index.entries[i][1]).split()) for i in _candidates(index, key))


def written_as(claim: str, name: str, value: str) -> bool:
    """Is ``value`` (a name the KG holds) what the claim writes as ``name``, in another form: the
    same form, or the whole value written around the name ("FC Vellano" of "FC Vellano 1911")?"""
    return _is_written(form_key(claim).split(), form_key(name).split(), form_key(value).split())


def _is_written(claim: list[str], name: list[str], held: list[str]) -> bool:
    return bool(name) and (name == held or len(_written_run(claim, name, held)) == len(held))


def _written_run(claim: list[str], name: list[str], label: list[str]) -> list[str]:
    """The most words in a row, the name's among them, that the claim and the label share."""
    best: list[str] = []
    for i in _starts(claim, name):
        for a in _starts(label, name):
            lo, hi, la, ha = i, i + len(name), a, a + len(name)
            while lo > 0 and la > 0 and claim[lo - 1] == label[la - 1]:
                lo, la = lo - 1, la - 1
            while hi < len(claim) and ha < len(label) and claim[hi] == label[ha]:
                hi, ha = hi + 1, ha + 1
            best = max(best, claim[lo:hi], key=len)
    return best


def _starts(words: list[str], part: list[str]) -> list[int]:
    return [i for i in range(len(words) - len(part) + 1) if words[i:i + len(part)] == part]


def _candidates(index, key: str) -> list[int]:
    """The labels holding the name's rarest word (loose-key words of the index)."""
    postings = [index.holding([w]) for w in key.split() if len(w) >= 3] or [index.holding([key.split()[-1]])]
    postings = [p for p in postings if p]
    if not postings:
        return []
    return min(postings, key=len)[:MAX_CANDIDATES]

"""Relation paths in words, as the rankers see them: ``"directed by ; written by (reverse)"``; their
hops' labels and directions, and whether a question word names a label."""
from __future__ import annotations

import re

from .base import stem, stems, tokenize

__all__ = ["chain_words", "path_labels", "walks_back", "ends_at_subject", "names_label", "named_words"]

_REVERSE = re.compile(r"\s*\(reverse\)\s*$")


def chain_words(chain, verbalize) -> str:
    """A chain of ``Relation``s in words, ``verbalize`` naming each hop: the inverse of ``path_labels``."""
    return " ; ".join(verbalize(r) + (" (reverse)" if r.inverse else "") for r in chain)


def path_labels(item: str) -> list[str]:
    """``"directed by ; directed by (reverse)"`` -> ``["directed by", "directed by"]``."""
    return [_REVERSE.sub("", hop).strip() for hop in item.split(";") if hop.strip()]


def ends_at_subject(item: str, wanted: dict[str, float]) -> bool:
    """The answer-type word ("which **directors**") names the last hop's relation, and the hop
    goes backwards: it ends at the relation's subject, the question asks for its object."""
    last = item.split(";")[-1]
    return bool(_REVERSE.search(last)) and _REVERSE.sub("", last).strip() in wanted


def walks_back(item: str) -> bool:
    """Whether some hop of the path walks back along the previous one (same label, other way)."""
    hops = [(_REVERSE.sub("", h).strip(), bool(_REVERSE.search(h))) for h in item.split(";") if h.strip()]
    return any(a[0] == b[0] and a[1] != b[1] for a, b in zip(hops, hops[1:]))


def names_label(word: str, label: str, head_only: bool = False) -> bool:
    """The word's stem is one of the label's stems, or (from 4 letters) inside a label word and the
    other way round (``writ`` in ``screenwriters``). A trailing "of ..." that scopes a longer label
    does not count ("original language of film or TV show" names a language, not a film);
    ``head_only``: only the label's last word counts ("genres" names ``film genre``, "films" not)."""
    return bool(named_words(word, label, head_only))


def named_words(word: str, label: str, head_only: bool = False) -> list[str]:
    """The label's words that ``word`` names by spelling (``names_label``): those whose stem is the
    word's, or (from 4 letters) holds it or lies inside it."""
    head, scope = re.subn(r"^(\S+\s+\S+.*?)\s+of\s+.*$", r"\1", label)
    head = head if scope else label
    if head_only:   # the noun a name is about: its last word, or the last before "of" ("type of film")
        head = (tokenize(head.split(" of ")[0], stopwords=True) or [""])[-1]
    word_stem = stem(word)
    return [w for w in tokenize(head, stopwords=True) if (s := stem(w)) == word_stem or (
        len(word_stem) >= 4 and len(s) >= 4 and (s in word or word_stem in s))]

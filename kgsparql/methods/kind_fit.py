"""Does what a chain reaches fit the kind of answer the question asks for? Used to order candidate
chains, not to refuse them (``answer_kind.py`` and ``answer_checks.py`` refuse).

The kind asked for comes from English question words (``meaning.question_shape``): "when" asks for a
date, "where" for a place, "who" for a person, "how long" for a quantity. Whether a chain's ends are
of that kind is read from the KG itself:

- dates and numbers from the ends' values (a typed literal, or a term whose text is a year or date);
- places and persons from the ends' own names and the chain's last relation, read by MiniLM against
  a few generic descriptions of a place and of a person (``kgsparql/data/answer_kinds.json``). No
  relation, domain or phrasing of any KG is named.

``prefer_kind`` moves the candidate that fits best to the front when the best-ranked chain clearly
fits worse ("when was Toyota founded": ``founding year`` before ``founded by``; "where is Stanford
based": ``located in`` before ``founded by``), among the first ``depth`` candidates with as many hops
as the best one: the kind chooses the relations, never the hop count."""
from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path
from typing import Callable, Mapping, Sequence

from ..meaning import question_shape
from .answer_kind import asks_quantity, looks_like_date

__all__ = ["KindFit", "answer_kind_anchors"]

_NUMBER = re.compile(r"^-?\d[\d,]*(?:\.\d+)?$")


@lru_cache(maxsize=1)
def answer_kind_anchors() -> dict[str, tuple[str, ...]]:
    path = Path(__file__).resolve().parents[1] / "data" / "answer_kinds.json"
    return {k: tuple(v) for k, v in json.loads(path.read_text(encoding="utf-8")).items()}


def _share(ends: Sequence, test: Callable) -> float:
    return sum(1 for e in ends if test(e)) / len(ends) if ends else 0.0


def _is_number(entity) -> bool:
    return bool(_NUMBER.match(entity.name.strip()))


class KindFit:
    """``encoder``: embeds texts (``embed``) or None (then places and persons are not told apart);
    ``verbalize``: Relation -> its words. ``sample``: ends read per chain."""

    def __init__(self, encoder, verbalize: Callable, sample: int = 5):
        lexical = encoder is None or getattr(encoder, "lexical", False)
        self.encoder, self.verbalize, self.sample = (None if lexical else encoder), verbalize, sample

    def asked(self, question: str) -> str | None:
        """The kind of answer the question asks for: date, quantity, place, person; None for any other.
        Read from its first words: "what is the language of the country *where* X is" asks no place."""
        opening = " ".join(question.split()[:4])
        shape = question_shape(opening)
        if shape.answer == "date":
            return "date"
        if asks_quantity(opening):
            return "quantity"
        return shape.answer if shape.answer in ("place", "person") else None

    def fit(self, kind: str, chain: tuple, ends: Sequence) -> float:
        """How well ``ends`` (the entities ``chain`` reaches) fit ``kind``, about in [-1, 2]."""
        ends = sorted(ends, key=lambda e: e.name)[: self.sample]
        if kind == "date":
            return _share(ends, looks_like_date)
        if kind == "quantity":
            return _share(ends, _is_number)
        undated = 1.0 - _share(ends, lambda e: looks_like_date(e) or _is_number(e))
        return undated + (self._affinity(kind, chain, ends) if undated else 0.0)

    def _affinity(self, kind: str, chain: tuple, ends: Sequence) -> float:
        """How much closer the ends' names and the last relation's words are to ``kind`` than to the
        other of place and person (MiniLM cosines against the anchors)."""
        if self.encoder is None or not ends:
            return 0.0
        anchors = answer_kind_anchors()
        other = "person" if kind == "place" else "place"
        last = chain[-1]
        texts = [self.verbalize(last)] if not last.inverse else []
        vectors = self.encoder.embed([*texts, *(e.name for e in ends)])
        asked, rival = self.encoder.embed(list(anchors[kind])), self.encoder.embed(list(anchors[other]))
        lead = (vectors @ asked.T).max(axis=1) - (vectors @ rival.T).max(axis=1)
        return float(lead.mean())

    def fits(self, question: str, chain: tuple, ends: Sequence) -> float | None:
        """How far ``chain``'s ends clear the bar of the kind of answer the question asks for (``prefer``'s
        bar: above 0 they are of that kind); None when it asks for no kind."""
        kind = self.asked(question)
        return None if kind is None else self.fit(kind, chain, ends) - (1.0 if kind in ("place", "person") else 0.5)

    def unfit(self, question: str, ranked: Sequence[tuple[tuple, float]], ends: Mapping,
              lead: float = 0.2) -> frozenset[str]:
        """The words of the last hops of candidates whose ends all fit the asked kind ``lead`` worse than the
        chosen (first) chain's: a question word that names one of them ("when was X *founded*" and
        ``founded by``) names no rival of the chosen chain, since that relation cannot give the
        kind of answer asked for. Empty unless the chosen chain fits (``prefer``'s bar)."""
        kind = self.asked(question)
        if kind is None or not ranked:
            return frozenset()
        chosen, first = self.fit(kind, ranked[0][0], ends.get(ranked[0][0], ())), ranked[0][0]
        if chosen < (1.0 if kind in ("place", "person") else 0.5):
            return frozenset()
        fit_by_last: dict[str, list[float]] = {}
        for chain, reached in ends.items():
            if chain != first:
                fit_by_last.setdefault(self.verbalize(chain[-1]), []).append(self.fit(kind, chain, reached))
        own = {self.verbalize(r) for r in first}
        return frozenset(label for label, fits in fit_by_last.items()
                         if label not in own and max(fits) <= chosen - lead)

    def prefer(self, question: str, ranked: Sequence[tuple[tuple, float]], ends: Mapping,
               depth: int = 8, min_share: float = 0.0, lead: float = 0.2,
               person_share: float = 0.5) -> list[tuple[tuple, float]]:
        """``ranked`` (chain, score) best first; the best-fitting chain of the same length goes first when
        the best-ranked one fits ``lead`` worse and it scores at least ``min_share`` of the best (scores
        kept); at least ``person_share`` of it for "who": a publisher or a band answers "who" too,
        and reads no more a person than a place ("who published X's novels" keeps ``author (reverse) ;
        publisher`` before the writers X influenced, who score a third of it)."""
        ranked, kind = list(ranked), self.asked(question)
        if kind is None or len(ranked) < 2 or ranked[0][1] <= 0:
            return ranked
        top, share = ranked[0][1], max(min_share, person_share if kind == "person" else 0.0)
        fits = {c: self.fit(kind, c, ends.get(c, ())) for c, s in ranked[:depth]   # the kind picks the
                if s >= share * top and len(c) == len(ranked[0][0])}            # relations, not the hop count
        best, first = max(fits, key=lambda c: fits[c]), fits[ranked[0][0]]
        if kind in ("place", "person") and not (first < 1.0 < fits[best]):
            return ranked           # only away from ends that look like dates or the other kind
        if fits[best] - first >= lead:
            ranked.insert(0, ranked.pop(next(i for i, (c, _) in enumerate(ranked) if c == best)))
        return ranked

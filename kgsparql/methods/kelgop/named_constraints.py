"""The question's other constraints, checked on the answers: "which countries ruled by Elizabeth II are
in the Caribbean", "which movies did Adam Sandler act in that Frank Coraci directed", "which film was
Kim Richards in that came out in 1974". The chain from the topic gives candidates; a candidate is
kept when one of its own facts names something else the question names.

The second mention is found from the candidates' side, not by linking the whole question: the
candidates' neighbours (one batched ``neighbors`` call, both directions, compound hops included) are
matched against the question outside the topic's span, by

- entity: a candidate of another mention the linker found (any score), or a neighbour whose whole
  label is a phrase of the question written as a name (a capital past the first word, or a digit),
  never a label made only of the KG's own relation words ("Country", "Language");
- value: a date whose year, or a whole number, the question writes as a number.

A candidate's score is the number of the question's phrases its facts name; the best-scoring
candidates are kept when they are some but not all of them. With nothing named, or everything,
the answers stay as they were: the filter only narrows, it never empties an answer."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Sequence

from ...linking.relation_words import names_relation
from ...linking.text import is_content, tokens
from ...types import Entity

__all__ = ["ConstraintCheck", "Narrowed"]

_YEAR = re.compile(r"^-?(\d{4})(?:-|$)")


@dataclass
class Narrowed:
    """The kept candidates (in their order) and, per kept candidate, what the question named."""

    kept: list[Entity]
    named: dict[str, list[str]] = field(default_factory=dict)

    def to_json(self) -> dict:
        return {"op": "constraint", "kept": len(self.kept),
                "named": {k: v[:3] for k, v in list(self.named.items())[:5]}}


class ConstraintCheck:
    """``adapter`` fetches the candidates' facts; ``relation_vocab`` is the KG's relation words
    (``linking.relation_words``); at most ``max_candidates`` answers are checked."""

    def __init__(self, adapter, relation_vocab: frozenset[str], max_candidates: int = 200):
        self.adapter, self.relation_vocab, self.max_candidates = adapter, relation_vocab, max_candidates

    def narrow(self, question: str, candidates: Sequence[Entity], topics: Sequence[Entity],
               spans: Sequence[tuple[int, int]], others: Sequence[Entity] = ()) -> Narrowed | None:
        """``spans``: the topic mentions' character spans in ``question`` (never a constraint);
        ``others``: entities the linker read in the question's other mentions. None: nothing to narrow."""
        cands = list(dict.fromkeys(c for c in candidates if not c.is_literal))
        if len(cands) < 2 or len(cands) > self.max_candidates:
            return None
        phrases = _phrases(question, spans)
        if not phrases and not others:
            return None
        named = self._named(cands, phrases, set(topics), {o.term for o in others} - {t.term for t in topics})
        if not named:
            return None
        best = max(len(v) for v in named.values())
        kept = [c for c in cands if len(named.get(c, ())) == best]
        if len(kept) == len(cands):
            return None
        return Narrowed(kept, {c.name: sorted(named[c]) for c in kept})

    def _named(self, cands: list[Entity], phrases: dict, topics: set, others: set) -> dict:
        named: dict[Entity, set[str]] = {}
        for t in self.adapter.neighbors(cands, None, "both"):
            end = t.tail
            if end in topics:
                continue
            what = self._names(end, phrases, others)
            if what:
                named.setdefault(t.head, set()).add(what)
        return named

    def _names(self, end: Entity, phrases: dict, others: set) -> str | None:
        if end.is_literal:
            text = end.term.value
            year = _YEAR.match(text)
            key = year.group(1) if year else (text if text.isdigit() else None)
            return key if key and phrases.get(key) == "number" else None
        if end.term in others:
            return end.name
        label = _key(end.label or "")
        if not label or label not in phrases:
            return None
        words = label.split()
        if not any(is_content(w) for w in words) or names_relation(words, self.relation_vocab):
            return None
        return label


def _key(text: str) -> str:
    return " ".join(t.text.casefold() for t in tokens(text) if t.text.isalnum())


def _phrases(question: str, spans: Sequence[tuple[int, int]], longest: int = 8) -> dict[str, str]:
    """Every run of up to ``longest`` words outside ``spans``: "name" when written as a name (a
    capital past the question's first word, or a digit), "number" for a lone number."""
    words = [t for t in tokens(question) if t.text.isalnum()
             and not any(s <= t.start < e for s, e in spans)]
    out: dict[str, str] = {}
    for i in range(len(words)):
        for j in range(i + 1, min(len(words), i + longest) + 1):
            run = words[i:j]
            if any(b.start - a.end > 1 for a, b in zip(run, run[1:])):
                break                                           # words split by punctuation or a span
            text = " ".join(w.text for w in run)
            named = any(w.text[:1].isupper() and w.start > 0 for w in run) or any(c.isdigit() for c in text)
            if named:
                out.setdefault(text.casefold(), "name")
            if j == i + 1 and run[0].text.isdigit():
                out[text] = "number"
    return out

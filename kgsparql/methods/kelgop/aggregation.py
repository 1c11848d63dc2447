"""The KG compares, counts and filters: every planning kind ends in one ``adapter.aggregate`` call.

The attribute of a superlative, comparison or filter is found, not named: the relations the candidate
entities have (``adapter.relations``, the COUNT probe) are probed with ``aggregate(..., "max")``; those
that reach numbers or dates are ranked against the question, and the best one is compared. Ties of
argmax/argmin are all answers."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Sequence

from ...types import XSD, Entity, Relation
from .lexicon import direction

__all__ = ["Attribute", "numeric_attributes", "pick_attribute", "count_answers", "held_count", "held_extreme", "extreme",
           "value_filter"]

_DATED = {XSD + "gYear", XSD + "date", XSD + "dateTime", XSD + "gYearMonth"}


@dataclass(frozen=True)
class Attribute:
    relation: Relation
    dated: bool          # values are dates or years (oldest = smallest) rather than plain numbers
    text: str            # the relation in words

    def to_json(self) -> dict:
        return {"relation": self.text, "iri": self.relation.iri, "dated": self.dated}


def numeric_attributes(adapter, entities: Sequence[Entity], probe: int = 12) -> list[Attribute]:
    """The out-going relations of ``entities`` whose values are numbers or dates, most common first."""
    if not entities:
        return []
    counts = Counter(rc.relation for rc in adapter.relations(list(entities)[:500], "out"))
    out = []
    for relation, _ in counts.most_common(probe):
        rows = adapter.aggregate(list(entities), relation, "max")
        if rows and rows[0].value is not None and _orderable(rows[0].value):
            out.append(Attribute(relation, _is_dated(rows[0].value), adapter.verbalize(relation)))
    return out


def _orderable(lit) -> bool:
    v = lit.value
    return lit.datatype in _DATED or _number(v) or (len(v) >= 4 and v[:4].isdigit())


def _number(text: str) -> bool:
    try:
        float(text)
        return True
    except ValueError:
        return False


def _is_dated(lit) -> bool:
    return lit.datatype in _DATED or (not _number(lit.value) and lit.value[:4].isdigit())


_TIME_WORDS = ("latest", "newest", "recent", "earliest", "oldest", "first", "last", "before", "after",
               "earlier", "later", "older", "newer", "younger", "youngest", "since", "until", "came out",
               "released", "year", "when")


def pick_attribute(ranker, question: str, attributes: Sequence[Attribute]) -> tuple[Attribute | None, list]:
    """The attribute that best matches the question (its words against the relation's), and the
    ranking. A question about time prefers dated attributes; ties keep the most common relation."""
    if not attributes:
        return None, []
    scores = list(ranker.rank(question, [a.text for a in attributes])) if len(attributes) > 1 else [1.0]
    timely = any(w in question.lower() for w in _TIME_WORDS)
    scored = [(s + (0.5 if timely and a.dated else 0.0), -i, a) for i, (a, s) in enumerate(zip(attributes, scores))]
    scored.sort(key=lambda t: (t[0], t[1]), reverse=True)
    return scored[0][2], [{"relation": a.text, "score": round(float(s), 4)} for s, _, a in scored]


def count_answers(adapter, topics: Sequence[Entity], chain: Sequence[Relation] | None,
                  answers: Sequence[str]) -> tuple[int, str]:
    """COUNT DISTINCT by the KG for a one-hop chain from one topic; the distinct answers otherwise."""
    if chain is not None and len(chain) == 1 and len(topics) == 1:
        rows = adapter.aggregate(list(topics), chain[0], "count")
        if rows:
            return int(rows[0].value.value), "count"
    return len(dict.fromkeys(answers)), "distinct answers"


def held_count(adapter, chain: Sequence[Relation] | None, ends: Sequence[Entity]) -> tuple[str, ...] | None:
    """The numbers a "how many" question's one-hop chain reaches when the KG holds the count itself
    ("How many runways does X have?" along ``number of runways``): they are the answer, not the number
    of such values. None unless every end is a number: a literal, or a value node with no relations of
    its own (a film titled "1984" has some, and is counted as usual; one query, only in that case)."""
    return _held(adapter, chain, ends, _number)


def held_extreme(adapter, chain: Sequence[Relation] | None, ends: Sequence[Entity], word: str) -> tuple[str, ...]:
    """The smallest or largest of the values a superlative's one-hop chain reaches from its topic when
    they are the topic's own numbers or dates ("In what year was X *first* climbed?" along ``first
    ascent year``: the first of X's own years, not a comparison of other things); () otherwise."""
    held = _held(adapter, chain, ends, lambda v: _number(v) or (len(v) >= 4 and v[:4].isdigit()))
    if not held:
        return ()
    dated = not all(_number(v) for v in held) or any(len(v) == 4 for v in held)
    key = (lambda v: v) if not all(_number(v) for v in held) else float
    pick = (min if direction(word, dated) == "min" else max)(held, key=key)
    return (pick,)


def _held(adapter, chain, ends, reads) -> tuple[str, ...] | None:
    if chain is None or len(chain) != 1 or not ends or not all(reads(e.name) for e in ends):
        return None
    if not all(e.is_literal for e in ends) and adapter.relations([e for e in ends if not e.is_literal], "out"):
        return None
    return tuple(dict.fromkeys(e.name for e in ends))


def extreme(adapter, entities: Sequence[Entity], attribute: Attribute, word: str) -> tuple[list, str]:
    """argmax/argmin of ``attribute`` over ``entities`` (ties kept), the direction from ``word``."""
    op = "arg" + direction(word, attribute.dated)
    return adapter.aggregate(list(entities), attribute.relation, op), op


def value_filter(adapter, entities: Sequence[Entity], attribute: Attribute, cue: tuple) -> tuple[list, str]:
    """The entities whose ``attribute`` compares with the question's value (``cue`` = (op, v[, v2]))."""
    op, *values = cue
    if op == "between":
        low = {r.entity for r in adapter.aggregate(list(entities), attribute.relation, "ge", values[0])}
        rows = [r for r in adapter.aggregate(list(entities), attribute.relation, "le", values[1])
                if r.entity in low]
        return rows, f"between {values[0]} and {values[1]}"
    return adapter.aggregate(list(entities), attribute.relation, op, values[0]), f"{op} {values[0]}"

"""Training data for the router and the chain prior, by weak supervision from (question, topic,
gold answers): the relation chain from the topic whose end set best matches the gold answers (set
F1) is the question's label. Only train splits are used (see eval/frag_training.py); nothing here looks at test data."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

from ..linking.topics import mask_topic
from ..retrieval import chain_ends, expand_subgraph
from ..types import Entity, Relation
from .chains import chain_key

__all__ = ["LabelledQuestion", "mask_topic", "chain_end_sets", "weak_chain_label", "normalise", "label_questions"]


def normalise(text: str) -> str:
    return " ".join(text.casefold().split())


@dataclass(frozen=True)
class LabelledQuestion:
    masked: str
    hops: int
    chains: tuple[str, ...]   # chain keys tied for the best F1 (empty: nothing reached the answers)
    f1: float

    @property
    def chain(self) -> str | None:
        """The label when it is unambiguous."""
        return self.chains[0] if len(self.chains) == 1 else None


def chain_end_sets(adapter, topic: Entity, hops: int, *, walks: str = "revisit", fanout_cap: int = 300,
                   first_cap: int = 5000) -> dict[tuple[Relation, ...], set[Entity]]:
    """End entities of every relation chain of 1..hops hops from ``topic`` under the answer
    convention ``walks`` (``kgsparql.retrieval.chain_ends`` over the unpruned subgraph)."""
    sub = expand_subgraph(adapter, [topic], hops, fanout_cap=fanout_cap, first_cap=first_cap)
    return chain_ends(sub, [topic], hops, walks=walks)


def _answer_f1(ends, names: set[str], iris: set[str]) -> float:
    """Set F1 of a chain's ends against the gold answers; with ``iris`` an end is right by its IRI
    or its name, and the gold count is the larger of the two lists."""
    if not iris:
        return _f1({normalise(e.name) for e in ends}, names)
    right = {normalise(e.name) for e in ends if e.id in iris or normalise(e.name) in names}
    if not right:
        return 0.0
    p, r = len(right) / len({normalise(e.name) for e in ends}), min(1.0, len(right) / max(len(names), len(iris)))
    return 2 * p * r / (p + r)


def _f1(pred: set[str], gold: set[str]) -> float:
    hit = len(pred & gold)
    if not hit:
        return 0.0
    p, r = hit / len(pred), hit / len(gold)
    return 2 * p * r / (p + r)


def weak_chain_label(adapter, topic: Entity, gold: Iterable[str], hops: int | None,
                     max_hops: int = 3, walks: str = "revisit",
                     gold_iris: Iterable[str] = ()) -> tuple[tuple[str, ...], float]:
    """The chains whose end sets best match ``gold`` (set F1), all of them when several tie: the
    director may also have written the film, or the KB may store a relation and its inverse. Ties
    are resolved later, with the whole training set in view (``resolve_ties``). With ``gold_iris``
    an end counts as right by its IRI as well as by its name."""
    gold_set, iris = {normalise(g) for g in gold}, set(gold_iris)
    ends = chain_end_sets(adapter, topic, hops or max_hops, walks=walks)
    scored = [(_answer_f1(ends[c], gold_set, iris), c) for c in ends if not hops or len(c) == hops]
    best = max((f for f, _ in scored), default=0.0)
    if best <= 0:
        return (), 0.0
    tied = sorted((c for f, c in scored if f >= best - 1e-9), key=lambda c: (sum(r.inverse for r in c), chain_key(c)))
    return tuple(chain_key(c) for c in tied), best


def label_questions(adapter, items: Sequence, max_hops: int = 3, min_f1: float = 0.5,
                    walks: str = "revisit") -> list[LabelledQuestion]:
    """``items`` have .question, .topic, .answers, .hops. Topics are resolved by exact label lookup;
    ``walks`` is the dataset's answer convention."""
    out = []
    for item in items:
        found = adapter.lookup(item.topic, limit=1) if item.topic else []
        chains, f1 = ((), 0.0)
        if found:
            chains, f1 = weak_chain_label(adapter, found[0], item.answers, item.hops, max_hops, walks)
        out.append(LabelledQuestion(mask_topic(item.question, item.topic), item.hops or 0,
                                    chains if f1 >= min_f1 else (), f1))
    return out

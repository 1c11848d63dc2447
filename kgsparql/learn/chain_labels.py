"""Training examples for the chain scorer from questions with gold answers (weak supervision): the
candidates are every chain of 1..``max_hops`` hops from the topic, the right ones those whose end
set best matches the gold answers (set F1, ties kept), when that F1 is at least ``min_f1``."""
from __future__ import annotations

from typing import Iterable

from ..types import Entity
from .chain_training import ChainExample
from .synthetic import chain_in_words
from .training import _f1, chain_end_sets, normalise

__all__ = ["labelled_example"]


def labelled_example(adapter, topic: Entity, masked: str, gold: Iterable[str], *, hops: int | None = None,
                     max_hops: int = 2, walks: str = "revisit", min_f1: float = 0.5, max_candidates: int = 400,
                     source: str = "") -> ChainExample | None:
    """None when no chain reaches the gold answers well enough (or only one chain exists)."""
    gold_set = {normalise(g) for g in gold}
    ends = chain_end_sets(adapter, topic, hops or max_hops, walks=walks, fanout_cap=100, first_cap=1000)
    if hops:
        ends = {c: e for c, e in ends.items() if len(c) == hops}
    chains = list(ends)[:max_candidates]
    f1 = [_f1({normalise(e.name) for e in ends[c]}, gold_set) for c in chains]
    best = max(f1, default=0.0)
    if best < min_f1 or len(chains) < 2:
        return None
    right = frozenset(i for i, f in enumerate(f1) if f >= best - 1e-9)
    words = tuple(chain_in_words(c, adapter.verbalize, len(ends[c])) for c in chains)
    return ChainExample(masked, words, right, source)

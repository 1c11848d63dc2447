"""Synthetic training questions from any KG's own triples: sample topic entities (from the
linker's label index), read the relation chains of one or two hops from each topic (``chain_end_sets``), pick one
that reaches a handful of entities and write a question about it from the KG's words for its hops
(``kgsparql/data/question_templates.txt``: who/what/which/when/how many, forward and reverse, one
and two hops; a CVT or statement hop is one hop in words). The other chains of the same topic are
the negatives; chains reaching exactly the same entities count as right too."""
from __future__ import annotations

import random
import re
import time
from functools import lru_cache
from importlib import resources
from typing import Callable, Sequence

from ..meaning import MASK, ChainText
from ..types import IRI, Entity, Relation
from .chain_training import ChainExample
from .training import chain_end_sets

__all__ = ["synthetic_examples", "question_for", "chain_in_words", "templates"]

_YEAR = re.compile(r"^\d{3,4}(-\d\d(-\d\d)?)?")


@lru_cache(maxsize=1)
def templates() -> dict[str, tuple[str, ...]]:
    text = resources.files("kgsparql.data").joinpath("question_templates.txt").read_text(encoding="utf-8")
    out: dict[str, list[str]] = {}
    for line in text.splitlines():
        if line.strip() and not line.startswith("#"):
            kind, _, template = line.partition("|")
            out.setdefault(kind.strip(), []).append(template.strip())
    return {k: tuple(v) for k, v in out.items()}


def chain_in_words(chain: Sequence[Relation], verbalize: Callable[[Relation], str], answers: int = 0) -> ChainText:
    return ChainText(tuple(verbalize(r) for r in chain), tuple(r.inverse for r in chain), answers)


def question_for(words: ChainText, rng: random.Random, kind: str = "") -> str:
    """A question whose answer is where ``words`` leads from the (masked) topic. ``kind`` is
    ``date``, ``count`` or empty."""
    t = templates()
    suffix = f"_{kind}" if kind else ""
    first = "reverse" if words.reverse[0] else "forward"
    if len(words.hops) == 1:
        pool = t.get(f"one_{first}{suffix}") or t[f"one_{first}"]
        return rng.choice(pool).format(r=words.hops[0], x=MASK)
    np_ = MASK
    for hop, reverse in zip(words.hops, words.reverse):
        pool = t["np_reverse" if reverse else "np_forward"]
        np_ = rng.choice(pool if np_ == MASK else pool[:1]).format(r=hop, np=np_)
    return rng.choice(t.get(f"chain{suffix}") or t["chain"]).format(np=np_)


def _kind(ends: set[Entity], rng: random.Random) -> str:
    if ends and all(_YEAR.match(e.name or "") for e in ends):
        return "date"
    return "count" if rng.random() < 0.1 else ""


def _chain_order(chain: Sequence[Relation]) -> str:
    return repr([r.key() for r in chain])


def synthetic_examples(adapter, labels: Sequence[tuple[str, str]], n: int, *, seed: int = 0, max_hops: int = 2,
                       max_answers: int = 30, log: Callable[[str], None] = lambda s: None) -> list[ChainExample]:
    """Up to ``n`` examples (one per sampled topic that has a usable chain), about half of them
    about a chain of ``max_hops`` hops where the topic has one. ``labels``: (IRI, label) of the
    KG's entities (its label index) to sample topics from."""
    rng, t0 = random.Random(seed), time.perf_counter()
    out: list[ChainExample] = []
    picked = rng.sample(list(labels), min(len(labels), 3 * n))
    for topic in (Entity(IRI(iri), label) for iri, label in picked):
        if len(out) >= n:
            break
        ends = chain_end_sets(adapter, topic, max_hops, fanout_cap=50, first_cap=200)
        chains = sorted((c for c in ends if len({r.key() for r in c}) == len(c)), key=_chain_order)   # the
        # same draw in every process: the KG's chains come in set order, which string hashing varies
        good = [c for c in chains if 1 <= len(ends[c]) <= max_answers]
        if len(chains) < 2 or not good:
            continue
        longest = [c for c in good if len(c) == max_hops]
        target = rng.choice(longest if longest and rng.random() < 0.5 else good)
        words = {c: chain_in_words(c, adapter.verbalize, len(ends[c])) for c in chains}
        right = frozenset(i for i, c in enumerate(chains) if ends[c] == ends[target])
        question = question_for(words[target], rng, _kind(ends[target], rng))
        out.append(ChainExample(question, tuple(words[c] for c in chains), right, "synthetic"))
    log(f"synthetic: {len(out)} questions from the KG's own triples in {time.perf_counter() - t0:.1f} s")
    return out

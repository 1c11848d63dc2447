"""FRAG's chain-key prior as several heads, one per family of KGs it was trained on (the shipped
MetaQA / PathQuestion / WC2014 head, a Freebase head from the WebQSP and CWQ dev shares, a user's own
from ``kgsparql train chains --examples``). Each head is an ``EmbeddingClassifier`` whose classes are
relation-chain keys; on a given KG only the heads that know it speak: a head is on when the KG holds
every relation IRI of at least one of its chains. The others stay silent, so a head never speaks on a
KG whose IRIs it has never seen, and MetaQA's head is not diluted by Freebase classes."""
from __future__ import annotations

from typing import Callable, Iterable, Sequence

import numpy as np

from .chains import parse_chain_key
from .classifier import EmbeddingClassifier

__all__ = ["ChainPrior", "relation_iris"]


def relation_iris(key: str) -> set[str]:
    """The predicate IRIs a chain key uses (a compound hop's ``via`` too)."""
    out = set()
    for r in parse_chain_key(key):
        out.add(r.iri)
        if r.via:
            out.add(r.via)
    return out


class ChainPrior:
    """``heads``: the trained classifiers; ``held``: IRIs -> the subset of them the KG uses as
    predicates (asked once, on first use, so building a method costs no query)."""

    def __init__(self, heads: Sequence[EmbeddingClassifier], held: Callable[[Iterable[str]], set[str]]):
        self.heads, self._held = list(heads), held
        self._on: list[EmbeddingClassifier] | None = None

    def _active(self) -> list[EmbeddingClassifier]:
        if self._on is None:
            wanted = [[relation_iris(k) for k in head.classes] for head in self.heads]
            held = self._held(sorted(set().union(*(i for chains in wanted for i in chains)))) if self.heads else set()
            self._on = [head for head, chains in zip(self.heads, wanted) if any(c <= held for c in chains)]
        return self._on

    def fusion(self) -> dict[str, float]:
        """The fusion weights the active heads were tuned with (``meta["fusion"]``: ``prior_weight``,
        ``trained_weight``), the first head's that has them; empty where none does."""
        for head in self._active():
            if head.meta.get("fusion"):
                return {k: float(v) for k, v in head.meta["fusion"].items()}
        return {}

    @property
    def classes(self) -> tuple[str, ...]:
        return tuple(k for head in self._active() for k in head.classes)

    def scores(self, embedding: np.ndarray) -> dict[str, float]:
        """Each active head's probabilities over its chains (a chain two heads know keeps the larger)."""
        return self._merged(self._active(), embedding)

    def every_head(self, embedding: np.ndarray) -> dict[str, float]:
        """Every head's probabilities, active or not: how many hops the question's phrasing suggests
        reads from them where no head knows the KG."""
        return self._merged(self.heads, embedding)

    @staticmethod
    def _merged(heads, embedding: np.ndarray) -> dict[str, float]:
        out: dict[str, float] = {}
        for head in heads:
            for key, p in head.scores(embedding).items():
                out[key] = max(p, out.get(key, 0.0))
        return out

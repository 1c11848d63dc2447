"""KGFR's ranking read by the shared ``ChainReadings`` (the default method's readings of a question's
chains on a KG no chain prior knows): the nested phrase's hop count, a hop the question does not ask
for, head words, the passive's direction, the kind of answer and the noun asked for each move one of
KGFR's ranked chains to the front, its scores kept, so that its own node scores still decide where
the readings are silent (docs/methods/kgfr.md, "Small KGs")."""
from __future__ import annotations

from typing import Sequence

from ...retrieval import paths_along

__all__ = ["read_ranking"]


class _PathsOf:
    """chain -> its paths in the propagated subgraph, computed on first ask (``.get``, as a mapping)."""

    def __init__(self, sub, topics: Sequence, walks: str):
        self.sub, self.topics, self.walks, self.known = sub, list(topics), walks, {}

    def get(self, chain, default=()):
        if chain not in self.known:
            self.known[chain] = paths_along(self.sub, self.topics, chain, walks=self.walks)
        return self.known[chain] or default


def read_ranking(readings, question: str, masked: str, topics: Sequence, ranking: list, sub, ends: dict,
                 probs, walks: str) -> tuple[list, bool]:
    """``ranking`` (``ChainScore`` best first) reordered by ``readings`` where the chain prior
    (``probs``, by chain key) knows none of its chains (and True); unchanged otherwise (and False)."""
    chains = [s.chain for s in ranking]
    if not ranking or not readings.speak(probs, chains):
        return ranking, False
    by_chain = {s.chain: s for s in ranking}
    floor = 1e-6 if ranking[0].score <= 0 else 0.0      # no relation word aligned: the readings still read
    ordered = readings.order(question, masked, topics, [(s.chain, s.score + floor) for s in ranking],
                             _PathsOf(sub, topics, walks), ends)
    return [by_chain[c] for c, _ in ordered], True

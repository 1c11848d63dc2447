"""How far the shared chain scorer can be trusted on this KG: the share of the KG's own synthetic
questions (``learn.synthetic``: templated questions about sampled (topic, chain) pairs) whose right
chain the scorer ranks first among the topic's chains, read as a lower confidence bound.

Abstention lets the scorer veto the meaning view (``meaning_agreement``) only where this figure
reaches ``scorer_trusted``: a scorer that misranks the KG's own templated questions is no witness
against a chain on that KG's real ones. Measured once per (KG, scorer), on the first veto, with up to
``trust_questions`` questions (a small KG gives one per entity that has two chains or more), and
saved beside the KG's label index, so later runs read it. It is measured apart from the question
that first needs it (in an empty context: none of that question's query memory, statistics or given
topics), so neither the figure nor that question's answer and query count depend on which question
came first or on whether the home already held the figure; and it is kept per KG (a process that
asks several KGs with one set of models measures each). The figure is the one-sided 95% Wilson
lower bound of the share right (``lower_bound``): a KG that yields 80 questions is not read as
surely as one that yields 200, and one draw of questions no longer decides (docs/abstention.md)."""
from __future__ import annotations

import contextvars
import hashlib
import json
import logging
import math
import os
import time
from pathlib import Path

from ..errors import KGSparqlError
from ..learn.chain_training import held_out_accuracy
from ..learn.synthetic import synthetic_examples
from ..linking.build import index_for, index_path

__all__ = ["ScorerTrust", "lower_bound"]

_log = logging.getLogger("kgsparql.abstention")
_Z = 1.645          # one-sided 95%
_FEWEST = 20        # fewer synthetic questions than this measure nothing


def lower_bound(right: int, questions: int, z: float = _Z) -> float:
    """The Wilson score lower bound of the share ``right / questions`` (0 for no questions)."""
    if questions <= 0:
        return 0.0
    p, zz = right / questions, z * z / questions
    centre, spread = p + zz / 2, z * math.sqrt(p * (1 - p) / questions + zz / (4 * questions))
    return max(0.0, (centre - spread) / (1 + zz))


class ScorerTrust:
    """``accuracy(scorer)``: the lower bound of the scorer's accuracy on up to ``questions`` synthetic
    questions about ``kg`` (None when the KG offers no label index to sample topics from, the sampling
    fails, or it yields fewer than 20 questions)."""

    def __init__(self, kg, settings, models, encoder, questions: int, seed: int = 0):
        self.kg, self.settings, self.models, self.encoder = kg, settings, models, encoder
        self.questions, self.seed = questions, seed

    def accuracy(self, scorer) -> float | None:
        if scorer is None or self.questions <= 0:
            return None
        digest = hashlib.sha256(scorer.weights.tobytes()).hexdigest()[:16]
        key = ("scorer-trust", getattr(self.kg, "source_id", id(self.kg)), self.kg.adapter.name, digest,
               self.questions, self.seed)
        return self.models.load(key, lambda: contextvars.Context().run(self._cached, scorer, digest))

    def _path(self, digest: str) -> Path | None:
        index = index_path(self.kg, self.settings)
        return None if index is None else index.with_name(f"scorer-trust-{digest}-{self.questions}-{self.seed}.json")

    def _cached(self, scorer, digest: str) -> float | None:
        path = self._path(digest)
        if path is None:
            return None
        if path.exists():
            try:
                return _bound(json.loads(path.read_text(encoding="utf-8")))
            except (OSError, ValueError, KeyError, TypeError):
                pass
        found = self._measure(scorer)
        if found is not None:
            _save(path, found)
        return None if found is None else _bound(found)

    def _measure(self, scorer) -> dict | None:
        t0 = time.perf_counter()
        try:
            labels = index_for(self.kg, self.settings, self.models)
            if labels is None or not len(labels):
                return None
            examples = synthetic_examples(self.kg.adapter, labels.entries, self.questions, seed=self.seed)
        except KGSparqlError as exc:
            _log.warning("chain scorer trust not measured: %s", exc)
            return None
        if len(examples) < min(self.questions, _FEWEST):
            return None
        accuracy = held_out_accuracy(scorer, examples, self.encoder)
        right, seconds = round(accuracy * len(examples)), time.perf_counter() - t0
        bound = lower_bound(right, len(examples))
        _log.info("chain scorer: %.3f (bound %.3f) on %d synthetic questions of this KG (%.1f s)", accuracy,
                  bound, len(examples), seconds)
        return {"accuracy": round(accuracy, 4), "right": right, "questions": len(examples),
                "bound": round(bound, 4), "seconds": round(seconds, 2)}


def _bound(found: dict) -> float:
    """The saved lower bound; a file written before the bound was kept gives its share as it is."""
    return float(found["bound"]) if "bound" in found else float(found["accuracy"])


def _save(path: Path, found: dict) -> None:
    """Written whole or not at all: another process may read it at the same time."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    tmp.write_text(json.dumps(found), encoding="utf-8")
    tmp.replace(path)

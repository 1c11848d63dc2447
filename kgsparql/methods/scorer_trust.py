"""How far the shared chain scorer can be trusted on this KG: the share of the KG's own synthetic
questions (``learn.synthetic``: templated questions about sampled (topic, chain) pairs) whose right
chain the scorer ranks first among the topic's chains.

Abstention lets the scorer veto the meaning view (``meaning_agreement``) only where this accuracy
reaches ``scorer_trusted``: a scorer that misranks the KG's own templated questions is no witness
against a chain on that KG's real ones. Measured once per (KG, scorer), on the first veto, with
``trust_questions`` questions, and saved beside the KG's label index, so later runs read it."""
from __future__ import annotations

import hashlib
import json
import logging
import os
import time
from pathlib import Path

from ..errors import KGSparqlError
from ..learn.chain_training import held_out_accuracy
from ..learn.synthetic import synthetic_examples
from ..linking.build import index_for, index_path

__all__ = ["ScorerTrust"]

_log = logging.getLogger("kgsparql.abstention")


class ScorerTrust:
    """``accuracy(scorer)``: the scorer's accuracy on ``questions`` synthetic questions about ``kg``
    (None when the KG offers no label index to sample topics from, or the sampling fails)."""

    def __init__(self, kg, settings, models, encoder, questions: int, seed: int = 0):
        self.kg, self.settings, self.models, self.encoder = kg, settings, models, encoder
        self.questions, self.seed = questions, seed

    def accuracy(self, scorer) -> float | None:
        if scorer is None or self.questions <= 0:
            return None
        digest = hashlib.sha256(scorer.weights.tobytes()).hexdigest()[:16]
        return self.models.load(("scorer-trust", digest, self.questions), lambda: self._cached(scorer, digest))

    def _path(self, digest: str) -> Path | None:
        index = index_path(self.kg, self.settings)
        return None if index is None else index.with_name(f"scorer-trust-{digest}-{self.questions}-{self.seed}.json")

    def _cached(self, scorer, digest: str) -> float | None:
        path = self._path(digest)
        if path is None:
            return None
        if path.exists():
            try:
                return float(json.loads(path.read_text(encoding="utf-8"))["accuracy"])
            except (OSError, ValueError, KeyError):
                pass
        found = self._measure(scorer)
        if found is not None:
            _save(path, found)
        return None if found is None else found["accuracy"]

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
        if len(examples) < self.questions // 2:
            return None
        accuracy = held_out_accuracy(scorer, examples, self.encoder)
        seconds = time.perf_counter() - t0
        _log.info("chain scorer: %.3f on %d synthetic questions of this KG (%.1f s)", accuracy, len(examples), seconds)
        return {"accuracy": round(accuracy, 4), "questions": len(examples), "seconds": round(seconds, 2)}


def _save(path: Path, found: dict) -> None:
    """Written whole or not at all: another process may read it at the same time."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    tmp.write_text(json.dumps(found), encoding="utf-8")
    tmp.replace(path)

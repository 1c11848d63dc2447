"""The trained verdict head: a logistic regression over ``claim_features`` that turns what the rule
path saw into true / false. It is trained on one KG's labelled claims (``kgsparql train verifier``,
FactKG's validation split) and used **only on that KG**: the model records the adapter and the
relation labels it met in training. Loading it for a KG with another adapter is a ``ConfigError``,
and a claim whose entities hold mostly relations the head never met is decided by the rules
(``knows``). Every other KG keeps the rule path, the default.

A head never answers not_enough_info: the benchmark it is trained for is binary, and the rule
verdict it overrides stays in ``plan.rule_verdict``."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ..errors import ConfigError
from ..learn import EmbeddingClassifier
from .features import FORM_FEATURES

__all__ = ["VerdictHead", "MIN_SHARED_RELATIONS"]

MIN_SHARED_RELATIONS = 0.5     # share of a claim's relation labels the head must have met in training


@dataclass(frozen=True)
class VerdictHead:
    classifier: EmbeddingClassifier

    @property
    def meta(self) -> dict:
        return self.classifier.meta

    def p_true(self, features: np.ndarray) -> float:
        return self.classifier.scores(self._used(features))["true"]

    def _used(self, features: np.ndarray) -> np.ndarray:
        """The form features alone, or with the masked claim's embedding (``meta["embedding"]``)."""
        return features if self.meta.get("embedding", True) else features[:len(FORM_FEATURES)]

    def decide(self, features: np.ndarray) -> tuple[str, float]:
        p = self.p_true(features)
        return ("true" if p >= self.meta.get("threshold", 0.5) else "false"), p

    def knows(self, labels) -> bool:
        """Whether the head met at least ``MIN_SHARED_RELATIONS`` of these relation labels in training."""
        labels = set(labels)
        known = self.meta.get("relations", ())
        return bool(labels) and len(labels & set(known)) >= MIN_SHARED_RELATIONS * len(labels)

    @classmethod
    def load(cls, path: str | Path, adapter_name: str) -> "VerdictHead":
        """The head at ``path``, checked against this KG's adapter."""
        classifier = EmbeddingClassifier.load(path)
        meta = classifier.meta
        if set(classifier.classes) != {"true", "false"} or "adapter" not in meta:
            raise ConfigError(f"{path} is not a verdict head (kgsparql train verifier writes one)")
        if meta["adapter"] != adapter_name:
            raise ConfigError(f"the verdict head {path} was trained on a {meta['adapter']} KG "
                              f"({meta.get('data', '?')}); this KG uses the {adapter_name} adapter")
        return cls(classifier)

    @staticmethod
    def train(features: np.ndarray, labels: list[bool], meta: dict, c: float = 1.0) -> "VerdictHead":
        x = features if meta.get("embedding", True) else features[:, :len(FORM_FEATURES)]
        return VerdictHead(EmbeddingClassifier.train(x, ["true" if y else "false" for y in labels], c=c, meta=meta))

    def save(self, path: str | Path) -> None:
        self.classifier.save(path)

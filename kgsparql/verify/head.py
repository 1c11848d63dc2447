"""The trained verdict head: a model over ``claim_features`` that turns what the rule path saw into
true / false — a logistic regression (``learn.EmbeddingClassifier``) or a one-hidden-layer network
(``verify/head_network.py``), or the mean of two networks, with and without the claim embedding
(``verify/head_pair.py``), whichever did better on held-out training claims. It is trained on
one KG's labelled claims (``kgsparql train verifier``, FactKG's validation split) and used **only on
that KG**: the model records the adapter and the relation labels it met in training. Loading it for
a KG with another adapter is a ``ConfigError``, and a claim whose entities hold mostly relations the
head never met is decided by the rules (``knows``). Every other KG keeps the rule path, the default.

A head never answers not_enough_info: the benchmark it is trained for is binary, and the rule
verdict it overrides stays in ``plan.rule_verdict``."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ..errors import ConfigError
from ..learn import EmbeddingClassifier
from .features import FORM_FEATURES
from .head_network import HeadNetwork
from .head_pair import HeadPair

__all__ = ["VerdictHead", "MIN_SHARED_RELATIONS", "MODELS"]

MIN_SHARED_RELATIONS = 0.5     # share of a claim's relation labels the head must have met in training
MODELS = ("logistic", "network", "pair")


@dataclass(frozen=True)
class VerdictHead:
    model: EmbeddingClassifier | HeadNetwork | HeadPair

    @property
    def meta(self) -> dict:
        return self.model.meta

    def p_true(self, features: np.ndarray) -> float:
        x = self._used(features)
        if isinstance(self.model, (HeadNetwork, HeadPair)):
            return float(self.model.p_true(x)[0])
        return self.model.scores(x)["true"]

    def _used(self, features: np.ndarray) -> np.ndarray:
        """The form features alone, or with the masked claim's embedding (``meta["embedding"]``)."""
        return features if self.meta.get("embedding", True) else features[:len(FORM_FEATURES)]

    def decide(self, features: np.ndarray) -> tuple[str, float]:
        p = self.p_true(features)
        return ("true" if p >= self.meta.get("threshold", 0.5) else "false"), p

    def knows(self, labels) -> bool:
        """Whether the head met at least ``MIN_SHARED_RELATIONS`` of these relation labels in training
        (none for a claim with nothing linked: nothing shows it is about the head's KG)."""
        labels = set(labels)
        known = self.meta.get("relations", ())
        return bool(labels) and len(labels & set(known)) >= MIN_SHARED_RELATIONS * len(labels)

    @classmethod
    def load(cls, path: str | Path, adapter_name: str) -> "VerdictHead":
        """The head at ``path``, checked against this KG's adapter and this code's features."""
        model = _load_model(path)
        meta = model.meta
        if "adapter" not in meta:
            raise ConfigError(f"{path} is not a verdict head (kgsparql train verifier writes one)")
        if meta["adapter"] != adapter_name:
            raise ConfigError(f"the verdict head {path} was trained on a {meta['adapter']} KG "
                              f"({meta.get('data', '?')}); this KG uses the {adapter_name} adapter")
        if meta.get("features") != len(FORM_FEATURES):
            raise ConfigError(f"the verdict head {path} was trained on other features: train it again "
                              "(kgsparql train verifier)")
        return cls(model)

    @staticmethod
    def train(features: np.ndarray, labels: list[bool], meta: dict, c: float = 1.0) -> "VerdictHead":
        x = features if meta.get("embedding", True) else features[:, :len(FORM_FEATURES)]
        meta = {**meta, "features": len(FORM_FEATURES)}
        if meta.get("model", "logistic") == "network":
            return VerdictHead(HeadNetwork.train(x, labels, alpha=c, meta=meta))
        if meta.get("model") == "pair":
            return VerdictHead(HeadPair.train(x, labels, len(FORM_FEATURES), alpha=c, meta=meta))
        return VerdictHead(EmbeddingClassifier.train(x, ["true" if y else "false" for y in labels], c=c, meta=meta))

    def save(self, path: str | Path) -> None:
        self.model.save(path)


def _load_model(path) -> EmbeddingClassifier | HeadNetwork | HeadPair:
    try:
        with np.load(path, allow_pickle=False) as data:
            files = set(data.files)
    except (OSError, ValueError) as exc:
        raise ConfigError(f"cannot load model {path}: {exc}") from None
    if "w1" in files:
        return HeadNetwork.load(path)
    return HeadPair.load(path) if "form_width" in files else EmbeddingClassifier.load(path)

"""A multinomial logistic-regression head over (normalised) sentence embeddings. Inference is plain
numpy; scikit-learn is needed only to train. Saved as a small ``.npz`` (weights, bias, class names,
metadata as JSON)."""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Sequence

import numpy as np

from ..errors import ConfigError

__all__ = ["EmbeddingClassifier"]


@dataclass(frozen=True)
class EmbeddingClassifier:
    weights: np.ndarray          # (classes, dim)
    bias: np.ndarray             # (classes,)
    classes: tuple[str, ...]
    meta: dict = field(default_factory=dict)

    def predict_proba(self, embeddings: np.ndarray) -> np.ndarray:
        x = np.atleast_2d(embeddings).astype(np.float32)
        logits = x @ self.weights.T + self.bias
        logits -= logits.max(axis=1, keepdims=True)
        p = np.exp(logits)
        return p / p.sum(axis=1, keepdims=True)

    def scores(self, embedding: np.ndarray) -> dict[str, float]:
        return dict(zip(self.classes, self.predict_proba(embedding)[0].tolist()))

    @classmethod
    def train(cls, embeddings: np.ndarray, labels: Sequence[str], *, c: float = 10.0,
              meta: dict | None = None) -> "EmbeddingClassifier":
        from sklearn.linear_model import LogisticRegression

        classes = sorted(set(labels))
        if len(classes) < 2:
            raise ConfigError("training needs at least two classes")
        model = LogisticRegression(C=c, max_iter=2000)
        model.fit(np.asarray(embeddings, dtype=np.float32), list(labels))
        w, b = model.coef_, model.intercept_
        if len(model.classes_) == 2:  # sklearn keeps one row for binary problems
            w, b = np.vstack([-w[0] / 2, w[0] / 2]), np.array([-b[0] / 2, b[0] / 2])
        return cls(w.astype(np.float32), b.astype(np.float32), tuple(model.classes_), dict(meta or {}))

    def save(self, path: str | Path) -> None:
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        with open(path, "wb") as fh:
            np.savez_compressed(fh, weights=self.weights.astype(np.float16), bias=self.bias,
                                classes=np.array(self.classes), meta=np.array(json.dumps(self.meta)))

    @classmethod
    def load(cls, path: str | Path) -> "EmbeddingClassifier":
        try:
            with np.load(path, allow_pickle=False) as data:
                return cls(data["weights"].astype(np.float32), data["bias"].astype(np.float32),
                           tuple(str(c) for c in data["classes"]), json.loads(str(data["meta"])))
        except (OSError, KeyError, ValueError) as exc:
            raise ConfigError(f"cannot load model {path}: {exc}") from None

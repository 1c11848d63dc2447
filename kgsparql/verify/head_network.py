"""A one-hidden-layer network for the verdict head (``verify/head.py``): it lets the claim's wording
weigh the rule path's outcome differently (a linear model can only add them up). Inference is plain
numpy; scikit-learn is needed only to train. Saved as a small ``.npz`` (standardisation, the two
layers, metadata as JSON), the same way ``learn.EmbeddingClassifier`` is."""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
from scipy.special import expit

from ..errors import ConfigError

__all__ = ["HeadNetwork", "HIDDEN"]

HIDDEN = 64


@dataclass(frozen=True)
class HeadNetwork:
    mean: np.ndarray
    scale: np.ndarray
    w1: np.ndarray               # (dim, hidden)
    b1: np.ndarray
    w2: np.ndarray               # (hidden,)
    b2: float
    meta: dict = field(default_factory=dict)

    def p_true(self, features: np.ndarray) -> np.ndarray:
        x = (np.atleast_2d(features).astype(np.float32) - self.mean) / self.scale
        hidden = np.maximum(x @ self.w1 + self.b1, 0.0)
        return expit(hidden @ self.w2 + self.b2)      # no overflow warning for large margins

    @classmethod
    def train(cls, features: np.ndarray, labels: list[bool], *, alpha: float = 1.0, seed: int = 0,
              meta: dict | None = None) -> "HeadNetwork":
        from sklearn.neural_network import MLPClassifier

        x = np.asarray(features, dtype=np.float32)
        mean, scale = x.mean(axis=0), x.std(axis=0) + 1e-6
        net = MLPClassifier((HIDDEN,), alpha=alpha, max_iter=300, early_stopping=True, random_state=seed)
        net.fit((x - mean) / scale, np.asarray(labels, dtype=int))
        (w1, w2), (b1, b2) = net.coefs_, net.intercepts_
        return cls(mean, scale, w1.astype(np.float32), b1.astype(np.float32), w2[:, 0].astype(np.float32),
                   float(b2[0]), dict(meta or {}))

    def save(self, path: str | Path) -> None:
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        with open(path, "wb") as fh:
            np.savez_compressed(fh, mean=self.mean, scale=self.scale, w1=self.w1, b1=self.b1, w2=self.w2,
                                b2=np.array(self.b2), meta=np.array(json.dumps(self.meta)))

    @classmethod
    def load(cls, path: str | Path) -> "HeadNetwork":
        try:
            with np.load(path, allow_pickle=False) as data:
                return cls(data["mean"], data["scale"], data["w1"], data["b1"], data["w2"], float(data["b2"]),
                           json.loads(str(data["meta"])))
        except (OSError, KeyError, ValueError) as exc:
            raise ConfigError(f"cannot load model {path}: {exc}") from None

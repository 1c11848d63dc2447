"""Two verdict networks averaged (``verify/head.py``'s ``pair`` model): one over the form features and
the masked claim's embedding, one over the form features alone. The first reads the claim's wording
and so partly learns the entities of its training claims; the second cannot; their mean probability
did better on the held-out fold grouped by entity than either alone (docs/verify.md). Saved as one
``.npz``: each network's arrays under its prefix, the metadata once."""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from ..errors import ConfigError
from .head_network import HeadNetwork

__all__ = ["HeadPair"]

_ARRAYS = ("mean", "scale", "w1", "b1", "w2", "b2")
_PREFIXES = ("whole_", "form_")


@dataclass(frozen=True)
class HeadPair:
    whole: HeadNetwork           # form features and the claim embedding
    form: HeadNetwork            # the first ``form_width`` features only
    form_width: int
    meta: dict = field(default_factory=dict)

    def p_true(self, features: np.ndarray) -> np.ndarray:
        x = np.atleast_2d(features)
        return (self.whole.p_true(x) + self.form.p_true(x[:, :self.form_width])) / 2

    @classmethod
    def train(cls, features: np.ndarray, labels: list[bool], form_width: int, *, alpha: float = 1.0,
              meta: dict | None = None) -> "HeadPair":
        return cls(HeadNetwork.train(features, labels, alpha=alpha),
                   HeadNetwork.train(features[:, :form_width], labels, alpha=alpha), form_width, dict(meta or {}))

    def save(self, path: str | Path) -> None:
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        arrays = {f"{prefix}{name}": np.asarray(getattr(net, name)) for prefix, net in zip(_PREFIXES, (self.whole, self.form))
                  for name in _ARRAYS}
        with open(path, "wb") as fh:
            np.savez_compressed(fh, **arrays, form_width=np.array(self.form_width), meta=np.array(json.dumps(self.meta)))

    @classmethod
    def load(cls, path: str | Path) -> "HeadPair":
        try:
            with np.load(path, allow_pickle=False) as data:
                whole, form = (HeadNetwork(*(data[f"{p}{n}"] for n in _ARRAYS[:5]), float(data[f"{p}b2"]))
                               for p in _PREFIXES)
                return cls(whole, form, int(data["form_width"]), json.loads(str(data["meta"])))
        except (OSError, KeyError, ValueError) as exc:
            raise ConfigError(f"cannot load model {path}: {exc}") from None

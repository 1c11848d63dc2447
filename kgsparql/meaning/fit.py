"""``FitModel``: an absolute relation-fit signal, P(this relation chain, in the KG's own words, answers
this question), for any KG.

The shared chain scorer (``ChainScorer``) ranks a topic's chains against each other, so some chain is
always its favourite, even when the KG lacks what the question asks. The fit model reads the chosen
chain against the whole relation vocabulary of the KG as well: it is trained with negatives where the
right chain was taken away (the topic lacks the relation, or the KG lacks it altogether), so it can
say that none of the candidates fits. Its features (``fit_features``), all scalars read from frozen
MiniLM through the ``RelationMatcher``:

- the ``RelationMatcher`` score of the chain's best and worst hop;
- the best hop against the KG's relations: its margin over their median, its margin over the best
  relation of the KG that is not in the chain, and its rank among them;
- the share of the chain's word stems the question uses; the hop count;
- the chain scorer's own score of the chain. Not its softmax over the candidates, its share of the
  favourite's, nor whether it is the favourite: those are relative, and in training the chain left
  when the right ones are taken away is always the favourite of the rest and competes with fewer
  chains, so they teach the model that a favourite is wrong (tried: held-out balanced accuracy looks
  higher, and the fixture KGs lose right lookups);
- how much better the question matches the best name of a general relation vocabulary
  (``kgsparql/data/general_relations.txt``) than the chain's best hop: a question about a spouse or a
  population names such a relation clearly whatever the KG holds.

A logistic map over them (``learn.fit_training``) gives the probability. No relation of any KG is
named here. Saved as a small ``.npz`` with its threshold and its veto and lift bars, calibrated across KGs."""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from pathlib import Path
from statistics import median
from typing import Mapping, Sequence

import numpy as np

from ..errors import ConfigError
from ..rank.base import stems
from .matcher import MASK, RelationMatcher

__all__ = ["FitModel", "FIT_FEATURES", "fit_features"]

FIT_FEATURES = ("hop_best", "hop_worst", "over_median",
                "over_best_other", "rank", "stems_used", "one_hop", "raw_score", "over_general")


@lru_cache(maxsize=1)
def general_names() -> tuple[str, ...]:
    """A general relation vocabulary (``kgsparql/data/general_relations.txt``), one name in words a line."""
    text = resources.files("kgsparql.data").joinpath("general_relations.txt").read_text(encoding="utf-8")
    return tuple(line.strip() for line in text.splitlines() if line.strip() and not line.startswith("#"))


def fit_features(masked: str, hops: Mapping[str, Sequence[str]], kg_names: Mapping[str, Sequence[str]],
                 matcher: RelationMatcher, raw: float = 0.0) -> np.ndarray:
    """One row of ``FIT_FEATURES``. ``hops``: the chain's relations in hop order, each with its names;
    ``kg_names``: every relation of the KG with its names; ``raw``: the chain scorer's score of the
    chain alone (answers not known)."""
    scores = dict(matcher.rank(masked, {**kg_names, **hops}))
    general = matcher.name_scores(masked, list(general_names()))
    per_hop = [scores[h] for h in hops] or [0.0]
    best = max(per_hop)
    others = [s for k, s in scores.items() if k not in hops]
    kg = [scores[k] for k in kg_names] or [0.0]
    rank = sum(s > best for s in others)
    chain_stems = stems(" ".join(hops)) - {MASK}
    used = len(chain_stems & stems(masked)) / len(chain_stems) if chain_stems else 0.0
    return np.array([best, min(per_hop),
                     best - median(kg), best - max(others, default=0.0), 1.0 / (1.0 + rank), used,
                     float(len(hops) == 1), raw / 10.0, float(general.max(initial=0.0)) - best], dtype=np.float64)


@dataclass(frozen=True)
class FitModel:
    """The fitted logistic map and the threshold it answers from (``probability(row) >= threshold``)."""

    weights: np.ndarray         # (len(FIT_FEATURES),)
    bias: float
    threshold: float = 0.5      # the best balanced accuracy, averaged over the training KGs
    meta: dict = field(default_factory=dict)
    veto: float = 0.0           # below this, few right chains fall (5 % averaged over the KGs)
    lift: float = 1.0           # from this up, few wrong chains rise (5 %)

    def __post_init__(self) -> None:
        if self.weights.shape != (len(FIT_FEATURES),):
            raise ConfigError(f"fit model needs {len(FIT_FEATURES)} weights, not {self.weights.shape}")

    def probability(self, rows: np.ndarray) -> np.ndarray:
        z = np.atleast_2d(rows) @ self.weights + self.bias
        return 1.0 / (1.0 + np.exp(-np.clip(z, -30, 30)))

    def fits(self, row: np.ndarray) -> bool:
        return float(self.probability(row)[0]) >= self.threshold

    def with_threshold(self, threshold: float, veto: float | None = None, lift: float | None = None) -> "FitModel":
        return FitModel(self.weights, self.bias, threshold, self.meta, self.veto if veto is None else veto,
                        self.lift if lift is None else lift)

    def save(self, path: str | Path) -> None:
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        meta = {"kind": "relation-fit", "features": list(FIT_FEATURES), "threshold": self.threshold,
                "veto": self.veto, "lift": self.lift, **self.meta}
        with open(path, "wb") as fh:
            np.savez_compressed(fh, weights=self.weights.astype(np.float64), bias=np.array(self.bias),
                                meta=np.array(json.dumps(meta)))

    @classmethod
    def load(cls, path: str | Path) -> "FitModel":
        try:
            with np.load(path, allow_pickle=False) as data:
                meta = json.loads(str(data["meta"]))
                if meta.get("kind") != "relation-fit" or tuple(meta.get("features", ())) != FIT_FEATURES:
                    raise ValueError("not a relation-fit model of these features")
                threshold, veto, lift = (float(meta.pop(k, d)) for k, d in (("threshold", 0.5), ("veto", 0.0), ("lift", 1.0)))
                meta = {k: v for k, v in meta.items() if k not in ("kind", "features")}
                return cls(data["weights"].astype(np.float64), float(data["bias"]), threshold, meta, veto, lift)
        except (OSError, KeyError, ValueError) as exc:
            raise ConfigError(f"cannot load relation-fit model {path}: {exc}") from None

"""Fitting the relation-fit model (``kgsparql.meaning.FitModel``) from chain-scorer examples
(``ChainExample``: a masked question, its topic's candidate chains in words, which are right).

Each example gives three rows:

- **right**: the best-scored right chain among all candidates (label 1);
- **topic lacks it**: the right chains are taken away, with every other chain that walks one of their
  relations (a topic that lacks a relation has no chain through it), and the chain scorer's favourite
  among the rest is read, with the KG's vocabulary unchanged (label 0): the KG has the relation, this
  topic lacks it;
- **KG lacks it**: the same chain, with the right chains' relations taken out of the vocabulary too
  (label 0): the question asks for a relation the KG does not have.

The vocabulary of a KG is every hop text of its examples' candidates. The threshold is the one with
the best balanced accuracy averaged over the KGs (sources) given, so no one KG decides it."""
from __future__ import annotations

import time
from collections import defaultdict
from dataclasses import dataclass, replace
from typing import Callable, Sequence

import numpy as np

from ..errors import ConfigError
from ..meaning import FIT_FEATURES, FitModel, RelationMatcher, fit_features

__all__ = ["FitRows", "fit_rows", "fit_relation_fit", "calibrate", "balanced_accuracy"]


@dataclass(frozen=True)
class FitRows:
    x: np.ndarray           # (rows, len(FIT_FEATURES))
    y: np.ndarray           # 1: the chain answers the question
    source: np.ndarray      # the KG (training source) of each row
    case: np.ndarray        # "right", "topic lacks it", "KG lacks it"


def _vocabularies(examples) -> dict[str, dict[str, tuple[str, ...]]]:
    out: dict[str, dict[str, tuple[str, ...]]] = defaultdict(dict)
    for ex in examples:
        for c in ex.candidates:
            out[ex.source].update({h: (h,) for h in c.hops})
    return out


def fit_rows(examples: Sequence, scorer, encoder, log: Callable[[str], None] = lambda s: None) -> FitRows:
    """Three rows per usable example (a right chain and at least one other candidate)."""
    matcher, vocabularies = RelationMatcher(encoder=encoder), _vocabularies(examples)
    x, y, source, case, t0 = [], [], [], [], time.perf_counter()
    for ex in examples:
        gold_hops = {h for i in ex.right for h in ex.candidates[i].hops}
        wrong = [i for i, c in enumerate(ex.candidates) if i not in ex.right and not gold_hops & set(c.hops)]
        if not ex.right or not wrong:
            continue
        scores = scorer.score(ex.question, ex.candidates, encoder)
        vocabulary = vocabularies[ex.source]
        right = max(ex.right, key=lambda i: scores[i])
        rest = scorer.probabilities(scores[wrong])
        best_wrong = wrong[int(np.argmax(rest))]
        lacking = {k: v for k, v in vocabulary.items() if k not in gold_hops}
        for chain, names, label, kind in ((right, vocabulary, 1, "right"), (best_wrong, vocabulary, 0, "topic lacks it"),
                                          (best_wrong, lacking, 0, "KG lacks it")):
            hops = {h: (h,) for h in ex.candidates[chain].hops}
            alone = replace(ex.candidates[chain], answers=0)
            raw = float(scorer.score(ex.question, [alone], encoder)[0])
            x.append(fit_features(ex.question, hops, names, matcher, raw))
            y.append(label), source.append(ex.source), case.append(kind)
    log(f"fit rows: {len(y)} from {len(y) // 3} questions in {time.perf_counter() - t0:.1f} s")
    if not y:
        raise ConfigError("the relation-fit model needs questions with a right chain among several candidates")
    return FitRows(np.vstack(x), np.asarray(y), np.asarray(source), np.asarray(case))


def _loss(w: np.ndarray, x: np.ndarray, y: np.ndarray, weight: np.ndarray, l2: float):
    z = x @ w[:-1] + w[-1]
    p = 1.0 / (1.0 + np.exp(-np.clip(z, -30, 30)))
    eps = 1e-12
    loss = -np.sum(weight * (y * np.log(p + eps) + (1 - y) * np.log(1 - p + eps))) / weight.sum()
    g = weight * (p - y) / weight.sum()
    grad = np.r_[x.T @ g + 2 * l2 * w[:-1], g.sum()]
    return loss + l2 * float(w[:-1] @ w[:-1]), grad


def fit_relation_fit(rows: FitRows, *, l2: float = 1e-3, meta: dict | None = None) -> FitModel:
    """The logistic map, each source weighted equally and positives as much as negatives."""
    from scipy.optimize import minimize

    weight = np.ones(len(rows.y))
    for s in set(rows.source.tolist()):
        for label in (0, 1):
            at = (rows.source == s) & (rows.y == label)
            weight[at] = 1.0 / max(1, at.sum())
    result = minimize(_loss, np.zeros(len(FIT_FEATURES) + 1), args=(rows.x, rows.y, weight, l2), jac=True,
                      method="L-BFGS-B", options={"maxiter": 500})
    return FitModel(result.x[:-1], float(result.x[-1]), 0.5, dict(meta or {}))


def balanced_accuracy(p: np.ndarray, y: np.ndarray, threshold: float) -> float:
    said = p >= threshold
    parts = [np.mean(said[y == 1]) if (y == 1).any() else None, np.mean(~said[y == 0]) if (y == 0).any() else None]
    parts = [v for v in parts if v is not None]
    return float(np.mean(parts)) if parts else 0.0


def calibrate(model: FitModel, rows: FitRows, error: float = 0.05) -> tuple[FitModel, dict]:
    """The threshold with the best balanced accuracy averaged over sources, and each source's figure;
    the veto bar (the highest below which at most ``error`` of the right chains fall, averaged over
    sources) and the lift bar (the lowest from which at most ``error`` of the wrong chains rise)."""
    p = model.probability(rows.x)
    sources = sorted(set(rows.source.tolist()))
    grid = np.round(np.arange(0.05, 0.96, 0.01), 2)
    mine = [(p[rows.source == s], rows.y[rows.source == s]) for s in sources]

    def mean_at(t: float) -> float:
        return float(np.mean([balanced_accuracy(ps, ys, t) for ps, ys in mine]))

    def share(t: float, label: int) -> float:
        return float(np.mean([np.mean((ps < t) if label else (ps >= t)) for ps, ys in mine for ps in [ps[ys == label]]
                              if len(ps)]))

    best = max(grid, key=mean_at)
    veto = min(best, max([t for t in grid if share(t, 1) <= error], default=0.0))    # never above the
    lift = max(best, min([t for t in grid if share(t, 0) <= error], default=1.0))    # threshold, nor below
    per_source = {s: round(balanced_accuracy(ps, ys, best), 4) for s, (ps, ys) in zip(sources, mine)}
    return model.with_threshold(float(best), float(veto), float(lift)), per_source

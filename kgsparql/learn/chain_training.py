"""Fitting the shared chain scorer (``kgsparql.meaning.ChainScorer``): one ``ChainExample`` is a
masked question, the candidate chains from its topic (in words) and which of them are right; the
weights minimise a listwise softmax loss (the right chains against the other chains of the same
topic) plus an L2 penalty, by L-BFGS."""
from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Callable, Sequence

import numpy as np

from ..errors import ConfigError
from ..meaning import ChainScorer, ChainText, RelationMatcher, chain_features
from ..meaning.chain_scorer import DEFAULT_FEATURE_SET

__all__ = ["ChainExample", "ScorerReport", "fit_chain_scorer", "fit_rows", "held_out_accuracy"]


@dataclass(frozen=True)
class ChainExample:
    question: str                      # masked
    candidates: tuple[ChainText, ...]
    right: frozenset[int]              # indices of the right candidates
    source: str = ""                   # where it came from (synthetic, metaqa, webqsp-dev, ...)


@dataclass(frozen=True)
class ScorerReport:
    examples: int
    candidates: int
    train_accuracy: float
    seconds: float
    path: str
    sources: dict

    def to_json(self) -> dict:
        return {"examples": self.examples, "candidates": self.candidates,
                "train_accuracy": round(self.train_accuracy, 4), "seconds": round(self.seconds, 2),
                "path": self.path, "sources": self.sources}


def _cap(example: ChainExample, max_candidates: int, rng: random.Random) -> ChainExample:
    """Keep every right chain and a random sample of the wrong ones."""
    wrong = [i for i in range(len(example.candidates)) if i not in example.right]
    keep = sorted(example.right) + sorted(rng.sample(wrong, min(len(wrong), max(0, max_candidates - len(example.right)))))
    return ChainExample(example.question, tuple(example.candidates[i] for i in keep),
                        frozenset(range(len(example.right))), example.source)


def _features(examples: Sequence[ChainExample], encoder,
              feature_set: int = DEFAULT_FEATURE_SET) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Stacked feature rows, each row's example index, and a 0/1 right mask."""
    matcher = RelationMatcher(encoder=encoder)
    rows, group, right = [], [], []
    for g, ex in enumerate(examples):
        rows.append(chain_features(ex.question, ex.candidates, encoder, matcher, feature_set))
        group.extend([g] * len(ex.candidates))
        right.extend(i in ex.right for i in range(len(ex.candidates)))
    return np.vstack(rows), np.asarray(group), np.asarray(right, dtype=bool)


def _loss(w: np.ndarray, x: np.ndarray, group: np.ndarray, right: np.ndarray, starts: np.ndarray, l2: float):
    s = x @ w
    top = np.maximum.reduceat(s, starts)[group]
    e = np.exp(s - top)
    total = np.add.reduceat(e, starts)
    good = np.add.reduceat(np.where(right, e, 0.0), starts)
    n = len(starts)
    loss = float(np.sum(np.log(total) - np.log(good))) / n + l2 * float(w @ w)
    p_all, p_good = e / total[group], np.where(right, e / good[group], 0.0)
    grad = x.T @ (p_all - p_good) / n + 2 * l2 * w
    return loss, grad


def fit_chain_scorer(examples: Sequence[ChainExample], encoder, *, l2: float = 1e-3, max_candidates: int = 24,
                     seed: int = 0, meta: dict | None = None, feature_set: int = DEFAULT_FEATURE_SET,
                     log: Callable[[str], None] = lambda s: None) -> tuple[ChainScorer, float]:
    """The fitted scorer and its accuracy (right chain ranked first) on the training examples;
    ``feature_set``: which features it reads (``meaning.chain_scorer.FEATURE_SETS``)."""
    rng = random.Random(seed)
    usable = [_cap(ex, max_candidates, rng) for ex in examples if ex.right and len(ex.candidates) > 1]
    if len(usable) < 2:
        raise ConfigError("training the chain scorer needs at least two questions with a right chain "
                          "among several candidates")
    t0 = time.perf_counter()
    x, group, right = _features(usable, encoder, feature_set)
    log(f"features: {len(usable)} questions, {len(x)} candidate chains in {time.perf_counter() - t0:.1f} s")
    model = ChainScorer(fit_rows(x, group, right, l2), dict(meta or {}, examples=len(usable)))
    starts = np.flatnonzero(np.r_[True, group[1:] != group[:-1]])
    return model, _accuracy(model.score_rows(x), group, right, starts)


def fit_rows(x: np.ndarray, group: np.ndarray, right: np.ndarray, l2: float = 1e-3) -> np.ndarray:
    """The weights over stacked feature rows (``group``: each row's question, rows of one question
    together; ``right``: the right chains)."""
    from scipy.optimize import minimize

    x = x.astype(np.float64)
    group = np.unique(group, return_inverse=True)[1]       # 0..n-1, whatever subset of questions
    starts = np.flatnonzero(np.r_[True, group[1:] != group[:-1]])
    result = minimize(_loss, np.zeros(x.shape[1]), args=(x, group, right, starts, l2), jac=True,
                      method="L-BFGS-B", options={"maxiter": 400})
    return result.x.astype(np.float32)


def _accuracy(scores: np.ndarray, group: np.ndarray, right: np.ndarray, starts: np.ndarray) -> float:
    ends = np.r_[starts[1:], len(scores)]
    hits = [right[a + int(np.argmax(scores[a:b]))] for a, b in zip(starts, ends)]
    return float(np.mean(hits)) if hits else 0.0


def held_out_accuracy(model: ChainScorer, examples: Sequence[ChainExample], encoder) -> float:
    """Share of ``examples`` whose top-scored candidate is a right one."""
    usable = [ex for ex in examples if ex.right and ex.candidates]
    if not usable:
        return 0.0
    x, group, right = _features(usable, encoder, model.feature_set)
    starts = np.flatnonzero(np.r_[True, group[1:] != group[:-1]])
    return _accuracy(model.score_rows(x), group, right, starts)

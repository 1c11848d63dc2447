"""Training the relation-fit model (``kgsparql.meaning.FitModel``, ``kgsparql train fit``) from the data
the issue allows: synthetic questions about the user's KG and about the benchmarks' KBs, the MetaQA
train share and the WebQSP / CWQ dev shares (``eval.relation_training`` collects them, as for the chain
scorer). The chain scorer it reads is the shipped one unless another is given."""
from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import numpy as np

from ..config import Settings
from ..data import packaged_model
from ..learn.fit_training import calibrate, fit_relation_fit, fit_rows
from ..meaning import ChainScorer
from ..rank import build_ranker
from .relation_training import benchmark_examples, kg_examples

__all__ = ["FitReport", "train_relation_fit"]


@dataclass(frozen=True)
class FitReport:
    questions: int
    rows: int
    sources: dict
    threshold: float
    balanced_accuracy: dict      # per source, at the threshold
    seconds: float
    path: str

    def to_json(self) -> dict:
        return {"questions": self.questions, "rows": self.rows, "sources": self.sources,
                "threshold": self.threshold, "balanced_accuracy": self.balanced_accuracy,
                "seconds": round(self.seconds, 2), "path": self.path}


def train_relation_fit(settings: Settings, data_dir: Path, out: Path, *, synthetic: int, sets: list[str],
                       per_part: int, seed: int = 1, own_kg: bool = True, scorer_path: str | None = None,
                       rows_out: Path | None = None, log: Callable[[str], None] = lambda s: None) -> FitReport:
    """Fit, calibrate across sources and save; ``own_kg``: synthetic questions about the configured KG;
    ``rows_out``: where to save the feature rows too."""
    t0 = time.perf_counter()
    examples = kg_examples(settings, synthetic if own_kg else 0, seed, log) + \
        benchmark_examples(settings, data_dir, sets, per_part, seed, log, synthetic)
    sources = dict(Counter(ex.source for ex in examples))
    encoder = build_ranker("embedding", settings)
    scorer = ChainScorer.load(scorer_path or packaged_model("relations.npz"))
    rows = fit_rows(examples, scorer, encoder, log)
    model, per_source = calibrate(fit_relation_fit(rows, meta={"sources": sources, "seed": seed}), rows)
    model.save(out)
    if rows_out is not None:        # the feature rows, for benchmarks/relation_fit.py
        np.savez_compressed(rows_out, x=rows.x, y=rows.y, source=rows.source, case=rows.case)
    return FitReport(len(examples), len(rows.y), sources, model.threshold, per_source,
                     time.perf_counter() - t0, str(out))

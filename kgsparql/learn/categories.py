"""The question-category classifier of the planner (KELGoP's coarse/fine classification without an
LLM): a logistic head over MiniLM embeddings of labelled example questions. The examples ship with
the package (``kgsparql/data/kelgop_examples.jsonl``, invented entities, never benchmark questions);
``kgsparql train planner`` refits ``kgsparql/data/kelgop.npz`` from them or from your own file."""
from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

import numpy as np

from ..errors import InputError
from .classifier import EmbeddingClassifier

__all__ = ["CATEGORIES", "load_examples", "train_categories", "CategoryReport", "packaged_examples"]

CATEGORIES = ("simple", "composition", "conjunction", "comparative", "superlative", "count")


def packaged_examples() -> Path:
    return Path(str(resources.files("kgsparql.data").joinpath("kelgop_examples.jsonl")))


def load_examples(path: Path | None = None) -> list[tuple[str, str]]:
    """(question, category) pairs from a JSON-lines file of ``{"question", "category"}``."""
    path = path or packaged_examples()
    out = []
    for i, line in enumerate(Path(path).read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
            question, category = row["question"], row["category"]
        except (ValueError, KeyError, TypeError):
            raise InputError(f"{path}:{i}: need a JSON object with question and category") from None
        if category not in CATEGORIES:
            raise InputError(f"{path}:{i}: category must be one of {', '.join(CATEGORIES)}")
        out.append((question, category))
    return out


@dataclass(frozen=True)
class CategoryReport:
    examples: int
    classes: int
    train_accuracy: float
    path: str

    def to_json(self) -> dict:
        return dict(self.__dict__)


def train_categories(examples: list[tuple[str, str]], embed, out: Path) -> CategoryReport:
    x = np.asarray(embed([q for q, _ in examples]))
    labels = [c for _, c in examples]
    model = EmbeddingClassifier.train(x, labels, c=10.0, meta={"kind": "kelgop-categories"})
    accuracy = float(np.mean([model.classes[i] == y for i, y in zip(model.predict_proba(x).argmax(1), labels)]))
    model.save(out)
    return CategoryReport(len(examples), len(model.classes), round(accuracy, 4), str(out))

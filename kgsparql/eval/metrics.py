"""Answer metrics, strict and explicit.

* ``normalise(s)``: Unicode casefold, whitespace runs collapsed to one space, ends stripped. Nothing
  else: no article/punctuation removal, ``_`` is not a space (PathQuestion and WC2014 answers are
  underscore tokens and their KBs' labels are the same tokens).
* Predictions that normalise to ``""`` are dropped; duplicates (after normalising) keep their first
  position. The gold list is normalised into a set.
* **Hits@1**: the first prediction is in the gold set. Ties are the method's business: only its
  order counts, so of two equally scored answers the one it lists first decides.
* **Hit@any**: some prediction is in the gold set.
* **F1**: set F1 of the prediction set against the gold set; precision = |P∩G|/|P|,
  recall = |P∩G|/|G|; an empty prediction (or an empty gold set) scores 0.
* **EM**: the prediction set equals the gold set (and is not empty).

With gold IRIs (``score(..., iris=..., gold_iris=...)``: Freebase mids, a user's ``answer_iris``) a
prediction is right when its name is gold **or** its IRI is; the gold set then has
max(|gold names|, |gold IRIs|) answers, and F1/EM count the right predictions (at most that many)
against it. Without gold IRIs this is exactly the name-only definition above.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

__all__ = ["normalise", "normalised_list", "Scores", "MISS", "score", "hits_at_1", "hit_any", "set_f1",
           "exact_match"]


def normalise(text: str) -> str:
    return " ".join(str(text).casefold().split())


def normalised_list(values: Iterable[str]) -> list[str]:
    """Normalised values in order, empties dropped, duplicates kept at their first position."""
    seen: dict[str, None] = {}
    for v in values:
        n = normalise(v)
        if n:
            seen.setdefault(n, None)
    return list(seen)


def hits_at_1(predicted: Iterable[str], gold: Iterable[str]) -> bool:
    pred, g = normalised_list(predicted), set(normalised_list(gold))
    return bool(pred) and pred[0] in g


def hit_any(predicted: Iterable[str], gold: Iterable[str]) -> bool:
    g = set(normalised_list(gold))
    return any(p in g for p in normalised_list(predicted))


def set_f1(predicted: Iterable[str], gold: Iterable[str]) -> float:
    p, g = set(normalised_list(predicted)), set(normalised_list(gold))
    common = len(p & g)
    if not p or not g or not common:
        return 0.0
    precision, recall = common / len(p), common / len(g)
    return 2 * precision * recall / (precision + recall)


def exact_match(predicted: Iterable[str], gold: Iterable[str]) -> bool:
    p = set(normalised_list(predicted))
    return bool(p) and p == set(normalised_list(gold))


@dataclass(frozen=True)
class Scores:
    hits1: bool
    hit_any: bool
    f1: float
    em: bool

    def to_json(self) -> dict:
        return {"hits1": self.hits1, "hit_any": self.hit_any, "f1": round(self.f1, 6), "em": self.em}


MISS = Scores(False, False, 0.0, False)


def score(predicted: Iterable[str], gold: Iterable[str], *, iris: Iterable[str | None] = (),
          gold_iris: Iterable[str] = ()) -> Scores:
    predicted, gold, gold_iris = list(predicted), list(gold), set(gold_iris)
    if not gold_iris:
        return Scores(hits_at_1(predicted, gold), hit_any(predicted, gold), set_f1(predicted, gold),
                      exact_match(predicted, gold))
    return _score_with_iris(predicted, list(iris), set(normalised_list(gold)), gold_iris)


def _score_with_iris(predicted: list[str], iris: list[str | None], names: set[str], gold_iris: set[str]) -> Scores:
    first: dict[str, str | None] = {}
    for i, name in enumerate(predicted):
        key = normalise(name)
        if key and key not in first:
            first[key] = iris[i] if i < len(iris) else None
    right = [key in names or iri in gold_iris for key, iri in first.items()]
    size, hits = max(len(names), len(gold_iris)), min(sum(right), max(len(names), len(gold_iris)))
    f1 = 0.0 if not hits else 2 * (hits / len(right)) * (hits / size) / (hits / len(right) + hits / size)
    return Scores(bool(right) and right[0], any(right), f1, bool(right) and all(right) and hits == size)

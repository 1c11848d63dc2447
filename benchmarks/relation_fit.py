"""How well the relation-fit model (``kgsparql.meaning.FitModel``) separates chains that answer a question
from the chain left when the right one is taken away, on KGs it was not fitted on: leave one source out.

    kgsparql train fit --synthetic 300 --with metaqa-kb,webqsp-kb,cwq-kb,metaqa,webqsp-dev,cwq-dev \\
        --per-set 200 --out fit.npz --rows rows.npz
    python benchmarks/relation_fit.py rows.npz [--model fit.npz]

For each source (a KG's synthetic questions, or a benchmark share): the model is fitted on the other
sources, its threshold calibrated on them, and the held-out source is read at that threshold: the share
of right chains that fit, of "topic lacks it" and "KG lacks it" chains that do not, and the balanced
accuracy. ``--model`` also reads every source with the given (shipped) model and its threshold."""
from __future__ import annotations

import argparse

import numpy as np

from kgsparql.learn.fit_training import FitRows, balanced_accuracy, calibrate, fit_relation_fit
from kgsparql.meaning import FIT_FEATURES, FitModel


def _subset(rows: FitRows, keep: np.ndarray) -> FitRows:
    return FitRows(rows.x[keep], rows.y[keep], rows.source[keep], rows.case[keep])


def _line(name: str, p: np.ndarray, rows: FitRows, threshold: float) -> str:
    said = p >= threshold
    shares = [f"{case} {np.mean(said[rows.case == case] == (case == 'right')):.3f}"
              for case in ("right", "topic lacks it", "KG lacks it") if (rows.case == case).any()]
    return (f"  {name:<14} n={int(rows.y.sum()):<4} threshold {threshold:.2f}  " + "  ".join(shares) +
            f"  balanced {balanced_accuracy(p, rows.y, threshold):.3f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("rows")
    ap.add_argument("--model", default=None, help="a fitted model to read every source with as well")
    args = ap.parse_args()
    with np.load(args.rows, allow_pickle=False) as data:
        rows = FitRows(data["x"], data["y"], data["source"], data["case"])
    sources = sorted(set(rows.source.tolist()))
    print(f"{len(rows.y)} rows, {int(rows.y.sum())} questions, sources: {', '.join(sources)}")
    print("leave one source out (fitted and calibrated on the others):")
    held = []
    for s in sources:
        model, _ = calibrate(fit_relation_fit(_subset(rows, rows.source != s)), _subset(rows, rows.source != s))
        part = _subset(rows, rows.source == s)
        p = model.probability(part.x)
        held.append(balanced_accuracy(p, part.y, model.threshold))
        print(_line(s, p, part, model.threshold))
    print(f"  mean balanced accuracy held out: {np.mean(held):.3f}")
    if args.model:
        model = FitModel.load(args.model)
        print(f"model {args.model} (threshold {model.threshold:.2f}), every source:")
        for s in sources:
            part = _subset(rows, rows.source == s)
            print(_line(s, model.probability(part.x), part, model.threshold))
        print("  weights: " + ", ".join(f"{n} {w:+.2f}" for n, w in zip(FIT_FEATURES, model.weights)) +
              f", bias {model.bias:+.2f}")


if __name__ == "__main__":
    main()

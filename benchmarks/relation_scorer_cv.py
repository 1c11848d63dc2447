"""k-fold cross-validation of the shared chain scorer (``relations.npz``) on the WebQSP dev share.

Every fold fits a scorer on the fixed sources (synthetic questions about the MetaQA KB, the MetaQA
train share) plus the labelled WebQSP and CWQ **dev** questions outside the fold, then answers the
held-out WebQSP dev questions with it (default method, ``--llm none``). Printed: strict Hits@1 over
the dev questions, each answered by a scorer that never saw it, and the held-out ranking accuracy
(right chain first) per source. The test shares are never read.

    python benchmarks/relation_scorer_cv.py --cache cv-cache --folds 5 --features 2 --data-dir ../shared/data
"""
from __future__ import annotations

import argparse
import hashlib
import json
import random
import tempfile
import time
from pathlib import Path

from relation_scorer_examples import collect

__all__ = ["fold_of", "cross_validate", "fit_all"]


def fold_of(item_id: str, folds: int) -> int:
    return int(hashlib.sha256(f"relation-cv:{item_id}".encode()).hexdigest()[:8], 16) % folds


def _rows(items, settings, model: str) -> list[dict]:
    from kgsparql import Asker
    from kgsparql.eval.runner import evaluate_item

    tables = dict(settings.tables or {})
    methods = dict(tables.get("methods", {}))
    methods["frag"] = {**methods.get("frag", {}), "relation_model": model}
    with Asker(settings.replace(tables={**tables, "methods": methods})) as asker:
        return [evaluate_item(item, lambda q, qid: asker.ask(q, id=qid)) for item in items]


def _stacked(examples, encoder, feature_set: int, cache: Path, seed: int = 0):
    """Feature rows of every example (candidates capped as in training), each row's example index
    and the right mask; kept in ``cache`` between runs."""
    import numpy as np
    from kgsparql.learn.chain_training import _cap, _features

    path = cache / f"features-{feature_set}-{len(examples)}.npz"
    if path.is_file():
        with np.load(path) as data:
            return data["x"], data["group"], data["right"]
    rng = random.Random(seed)
    usable = [_cap(ex, 24, rng) for _, ex in examples]
    x, group, right = _features(usable, encoder, feature_set)
    np.savez(path, x=x, group=group, right=right)
    return x, group, right


def _first_right(scores, group, right, examples_in) -> float:
    import numpy as np

    hits = [right[np.flatnonzero(group == g)[np.argmax(scores[group == g])]] for g in examples_in]
    return float(np.mean(hits)) if hits else 0.0


def cross_validate(examples, items, settings, encoder, folds: int, l2: float, feature_sets: list[int],
                   answer: bool, cache: Path) -> dict:
    import numpy as np
    from kgsparql.learn.chain_training import fit_rows
    from kgsparql.meaning import ChainScorer
    from kgsparql.meaning.chain_scorer import FEATURE_SETS

    x, group, right = _stacked(examples, encoder, max(feature_sets), cache)
    dev = {"webqsp-dev", "cwq-dev"}
    fold = np.array([fold_of(i, folds) if ex.source in dev else -1 for i, ex in examples])
    source = np.array([ex.source for _, ex in examples])
    out = {}
    for fs in feature_sets:
        cols = x[:, :FEATURE_SETS[fs]]
        rows, ranked = [], {s: [] for s in dev}
        with tempfile.TemporaryDirectory() as tmp:
            for k in range(folds):
                keep = fold[group] != k
                weights = fit_rows(cols[keep], group[keep], right[keep], l2)
                scores = cols @ weights
                for s in dev:
                    held = np.flatnonzero((fold == k) & (source == s))
                    ranked[s].append((_first_right(scores, group, right, held), len(held)))
                if answer:
                    path = Path(tmp) / f"fold{k}.npz"
                    ChainScorer(weights, {"cv_fold": k}).save(path)
                    rows += _rows([i for i in items if fold_of(i.id, folds) == k], settings, str(path))
                    print(f"features {fs} fold {k}: Hits@1 {sum(r['hits1'] for r in rows) / len(rows):.3f} "
                          f"over {len(rows)} so far", flush=True)
        res = {f"ranked_first_{s}": round(sum(a * n for a, n in v) / max(1, sum(n for _, n in v)), 3)
               for s, v in ranked.items()}
        if answer:
            res.update(questions=len(rows), hits1_cv=round(sum(r["hits1"] for r in rows) / max(1, len(rows)), 4),
                       rows=rows)
        out[fs] = res
        print(fs, {k: v for k, v in res.items() if k != "rows"}, flush=True)
    return out


def fit_all(examples, encoder, feature_set: int, l2: float, cache: Path, out: Path) -> dict:
    """One model on every cached example (the shipped ``relations.npz``)."""
    from collections import Counter

    from kgsparql.learn.chain_training import fit_rows
    from kgsparql.meaning import ChainScorer
    from kgsparql.meaning.chain_scorer import FEATURE_SETS

    x, group, right = _stacked(examples, encoder, max(FEATURE_SETS), cache)
    t0 = time.perf_counter()
    weights = fit_rows(x[:, :FEATURE_SETS[feature_set]], group, right, l2)
    sources = dict(Counter(ex.source for _, ex in examples))
    ChainScorer(weights, {"sources": sources, "examples": len(examples), "l2": l2}).save(out)
    return {"sources": sources, "fit_seconds": round(time.perf_counter() - t0, 1), "path": str(out)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--folds", type=int, default=5)
    ap.add_argument("--cache", type=Path, required=True, help="the labelled examples are kept here between runs")
    ap.add_argument("--synthetic", type=int, default=800)
    ap.add_argument("--per-set", type=int, default=200, help="MetaQA train questions per hop count")
    ap.add_argument("--dev-limit", type=int, default=600, help="dev questions labelled per share (seeded)")
    ap.add_argument("--features", default="1,2", help="feature sets to compare (chain_scorer.FEATURE_SETS)")
    ap.add_argument("--l2", type=float, default=1e-3)
    ap.add_argument("--rank-only", action="store_true", help="only the held-out ranking accuracy, no answering")
    ap.add_argument("--data-dir", type=Path, default=Path("../shared/data"))
    ap.add_argument("--out", type=Path, default=None, help="write the held-out answer rows here (.<set> added)")
    ap.add_argument("--fit", type=Path, default=None,
                    help="instead of cross-validating, fit one model on every example and write it here")
    args = ap.parse_args()
    from kgsparql import Settings
    from kgsparql.eval import load_dataset
    from kgsparql.eval.kb import ensure_store
    from kgsparql.rank import build_ranker

    t0 = time.perf_counter()
    base = Settings.load(flags={"llm": "none"})
    examples = collect(base, args.data_dir, args.cache, args.synthetic, args.per_set, args.dev_limit)
    part = load_dataset("webqsp", args.data_dir, split="dev")[0]
    store = ensure_store(part.kb, base.home, base.base_iri, quiet=True)
    settings = base.replace(store=str(store), endpoint=None, adapter="freebase")
    sets = [int(f) for f in args.features.split(",")]
    if args.fit:
        print(fit_all(examples, build_ranker("embedding", base), max(sets), args.l2, args.cache, args.fit))
        return
    result = cross_validate(examples, part.items, settings, build_ranker("embedding", base), args.folds,
                            args.l2, sets, not args.rank_only, args.cache)
    for fs, res in result.items():
        if args.out and res.get("rows"):
            Path(f"{args.out}.{fs}").write_text("".join(json.dumps(r) + "\n" for r in res["rows"]))
    print({"seconds": round(time.perf_counter() - t0, 1)})


if __name__ == "__main__":
    main()

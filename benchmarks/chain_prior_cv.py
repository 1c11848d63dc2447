"""k-fold cross-validation of the Freebase chain-prior head on the WebQSP dev share: fit the head on
4/5 of the labelled dev questions (plus, with --with cwq-dev, every labelled CWQ dev question), answer
the held-out 1/5 with it, and print strict Hits@1 over all dev questions, each answered by a head that
never saw it; ``--baseline`` answers them without the head (the shipped MetaQA head alone). The test
share is never read.

    python benchmarks/chain_prior_cv.py --with cwq-dev --folds 5 --baseline --data-dir ../shared/data
"""
from __future__ import annotations

import argparse
import hashlib
import json
import tempfile
import time
from pathlib import Path

__all__ = ["fold_of", "cross_validate"]


def fold_of(item_id: str, folds: int) -> int:
    return int(hashlib.sha256(f"chain-prior-cv:{item_id}".encode()).hexdigest()[:8], 16) % folds


def _rows(items, settings, chain_model: str) -> list[dict]:
    from kgsparql import Asker
    from kgsparql.eval.runner import evaluate_item

    tables = dict(settings.tables or {})
    methods = dict(tables.get("methods", {}))
    methods["frag"] = {**methods.get("frag", {}), "chain_model": chain_model}
    settings = settings.replace(tables={**tables, "methods": methods})
    plans = {}

    def ask(question, qid):
        answer = asker.ask(question, id=qid)
        atomic = answer.plan.get("atomic") or answer.plan    # kelgop keeps FRAG's plan under "atomic"
        plans[qid] = {**{k: atomic.get(k) for k in ("chain", "chain_key", "match", "hops")},
                      "linked": [e.id for e in answer.entities]}
        return answer
    with Asker(settings) as asker:
        return [{**evaluate_item(item, ask), "plan": plans.get(item.id)} for item in items]


def cross_validate(items, labelled, extra, settings, embed, folds: int, baseline: bool,
                   fusion: dict | None = None) -> dict:
    from kgsparql.data import packaged_model
    from kgsparql.eval.chain_prior_training import fit_prior

    metaqa_head = packaged_model("chains.npz")
    with_head, without = [], []
    with tempfile.TemporaryDirectory() as tmp:
        for k in range(folds):
            held = [i for i in items if fold_of(i.id, folds) == k]
            train = [lq for lq in labelled if fold_of(lq[0], folds) != k] + extra
            path = Path(tmp) / f"fold{k}.npz"
            fit_prior(train, embed, path, fusion)
            with_head += _rows(held, settings, f"{metaqa_head},{path}")
            if baseline:
                without += _rows(held, settings, metaqa_head)
            print(f"fold {k}: {len(held)} held out, Hits@1 {_share(with_head):.3f} so far", flush=True)
    out = {"questions": len(with_head), "hits1_cv": round(_share(with_head), 3), "rows": with_head}
    if baseline:
        out["hits1_without_head"] = round(_share(without), 3)
    return out


def _share(rows: list[dict]) -> float:
    return sum(r["hits1"] for r in rows) / max(1, len(rows))


def _cached(folder: Path | None, names: list[str], label) -> list:
    """The labelled questions of ``names``, read from ``folder`` when an earlier run left them there."""
    from kgsparql.learn.training import LabelledQuestion

    path = folder / f"labels-{'-'.join(names)}.jsonl" if folder else None
    if path is not None and path.is_file():
        rows = [json.loads(line) for line in path.read_text().splitlines()]
        return [(r["id"], LabelledQuestion(r["masked"], r["hops"], tuple(r["chains"]), r["f1"])) for r in rows]
    found = label()
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("".join(json.dumps({"id": i, "masked": q.masked, "hops": q.hops, "chains": list(q.chains),
                                            "f1": q.f1}) + "\n" for i, q in found))
    return found


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--folds", type=int, default=5)
    ap.add_argument("--with", dest="extra", default="", help="also train every fold on these: cwq-dev")
    ap.add_argument("--limit", type=int, default=None, help="answer only this many dev questions (seeded)")
    ap.add_argument("--baseline", action="store_true", help="also answer each fold without the head")
    ap.add_argument("--min-f1", type=float, default=0.0)
    ap.add_argument("--data-dir", type=Path, default=Path("../shared/data"))
    ap.add_argument("--out", type=Path, default=None, help="write the held-out rows (with the head) here")
    ap.add_argument("--prior-weight", type=float, default=None, help="the heads' fusion prior_weight")
    ap.add_argument("--trained-weight", type=float, default=None, help="the heads' fusion trained_weight")
    ap.add_argument("--config", type=Path, default=None, help="a kgsparql.toml whose settings every fold uses")
    ap.add_argument("--cache", type=Path, default=None, help="keep the labels in this folder between runs")
    args = ap.parse_args()
    from kgsparql import Settings
    from kgsparql.eval import load_dataset, sample
    from kgsparql.eval.chain_prior_training import benchmark_labels
    from kgsparql.eval.kb import ensure_store
    from kgsparql.rank import build_ranker

    t0 = time.perf_counter()
    base = Settings.load(flags={"llm": "none"}, config_file=args.config)
    parts = load_dataset("webqsp", args.data_dir, split="dev")
    items = [i for p in (sample(parts, args.limit) if args.limit else parts) for i in p.items]
    def labels(names):
        return _cached(args.cache, names, lambda: benchmark_labels(base, args.data_dir, names, min_f1=args.min_f1,
                                                                   log=print)) if names else []
    labelled, extra = labels(["webqsp-dev"]), labels([s for s in args.extra.split(",") if s])
    store = ensure_store(parts[0].kb, base.home, base.base_iri, quiet=True)
    settings = base.replace(store=str(store), endpoint=None, adapter="freebase")
    result = cross_validate(items, labelled, extra, settings, build_ranker("embedding", base).embed,
                            args.folds, args.baseline, {k: v for k, v in (("prior_weight", args.prior_weight),
                            ("trained_weight", args.trained_weight)) if v is not None})
    if args.out:
        args.out.write_text("".join(json.dumps(r) + "\n" for r in result["rows"]))
    print({**{k: v for k, v in result.items() if k != "rows"}, "seconds": round(time.perf_counter() - t0, 1)})


if __name__ == "__main__":
    main()

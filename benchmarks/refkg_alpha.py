"""Tune RefKG's refinement threshold alpha on MetaQA dev: one run per alpha over the same seeded
sample, strict Hits@1 per hop and the share of explored facts the scorer keeps.

    python benchmarks/refkg_alpha.py --split dev --limit 150 --alphas 0,0.05,0.1,0.15,0.2,0.3

Pick the largest alpha whose Hits@1 stays within ``--tolerance`` of the best: it drops the most
evidence (less text for the LLM) without costing answers. The default in RefKGOptions came from this
script (figures in docs/methods/refkg.md)."""
from __future__ import annotations

import argparse
from collections import defaultdict
from pathlib import Path

__all__ = ["sweep"]


def sweep(items, store: str, alphas: list[float], scorer: str = "minilm") -> dict[float, dict]:
    from kgsparql import Asker, Settings
    from kgsparql.eval import hits_at_1

    out = {}
    for alpha in alphas:
        settings = Settings.load(flags={"store": store, "method": "refkg", "llm": "none"})
        settings = settings.replace(tables={"methods": {"refkg": {"alpha": alpha, "scorer": scorer}}})
        hits, kept, scored = defaultdict(list), 0, 0
        with Asker(settings) as asker:
            for item in items:
                answer = asker.ask(item.question)
                hits[item.hops].append(hits_at_1(answer.answers, item.answers))
                for r in answer.plan.get("refinement", []):
                    kept, scored = kept + r["kept"], scored + r["scored"]
        out[alpha] = {"hits@1": {h: round(sum(v) / len(v), 3) for h, v in sorted(hits.items())},
                      "all": round(sum(sum(v) for v in hits.values()) / max(1, len(items)), 3),
                      "kept_share": round(kept / max(1, scored), 3)}
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--split", default="dev")
    ap.add_argument("--limit", type=int, default=150)
    ap.add_argument("--alphas", default="0,0.05,0.1,0.15,0.2,0.3")
    ap.add_argument("--tolerance", type=float, default=0.005)
    ap.add_argument("--data-dir", type=Path, default=Path("../shared/data"))
    ap.add_argument("--store", default=None)
    args = ap.parse_args()
    from kgsparql import Settings
    from kgsparql.eval import load_dataset, sample

    store = args.store or str(Settings().home_path / "stores" / "metaqa")
    items = [i for p in sample(load_dataset("metaqa", args.data_dir, split=args.split), args.limit) for i in p.items]
    result = sweep(items, store, [float(a) for a in args.alphas.split(",")])
    for alpha, row in result.items():
        print(f"alpha={alpha:<5} Hits@1 {row['all']:.3f} per hop {row['hits@1']}  kept {row['kept_share']:.3f}")
    best = max(r["all"] for r in result.values())
    chosen = max(a for a, r in result.items() if r["all"] >= best - args.tolerance)
    print(f"chosen alpha: {chosen} (largest within {args.tolerance} of the best Hits@1 {best:.3f})")


if __name__ == "__main__":
    main()

"""Why a Freebase benchmark's questions are missed: each strict Hits@1 miss of a results file (``kgsparql
eval ... --out`` rows, or ``chain_prior_cv.py --out`` rows, which also carry the linked topics) falls in
one bucket, tried in this order:

- ``unreachable``: no chain of 1-2 hops (a CVT hop is one) from the gold topic or the linked topic
  reaches a gold answer (the gold is not in the store, or further away);
- ``wrong_topic``: the linked topic is not the gold one and no chain from it reaches a gold answer,
  while one from the gold topic does;
- ``abstained``: the method abstained although a chain from the linked topic reaches a gold answer;
- ``wrong_chain``: it answered along a chain that reaches no gold answer while another chain from the
  linked topic does (ranked lower);
- ``first_wrong``: a gold answer is among the answers, but not first.

    python benchmarks/qa_misses.py --results rows.jsonl --dataset webqsp --split dev --data-dir ../shared/data
"""
from __future__ import annotations

import argparse
import json
from collections import Counter
from pathlib import Path

__all__ = ["bucket_of", "reaches_gold"]

BUCKETS = ("unreachable", "wrong_topic", "abstained", "wrong_chain", "first_wrong")


def reaches_gold(adapter, topic_iri: str | None, item, walks: str) -> bool:
    """Some chain of 1-2 hops from ``topic_iri`` ends on a gold answer (by IRI or by name)."""
    from kgsparql.learn.training import chain_end_sets, normalise
    from kgsparql.types import IRI, Entity

    if not topic_iri:
        return False
    names, iris = {normalise(a) for a in item.answers}, set(item.answer_iris)
    ends = chain_end_sets(adapter, Entity(IRI(topic_iri)), 2, walks=walks)
    return any(e.id in iris or normalise(e.name) in names for found in ends.values() for e in found)


def bucket_of(row: dict, linked_reach: bool, gold_reach: bool, linked_is_gold: bool) -> str:
    if row.get("hit_any"):
        return "first_wrong"
    if not (linked_reach or gold_reach):
        return "unreachable"
    if not linked_reach:
        return "wrong_topic" if not linked_is_gold else "unreachable"
    return "abstained" if row.get("abstained") else "wrong_chain"


def _linked(row: dict, linker) -> str | None:
    linked = (row.get("plan") or {}).get("linked")
    if linked is None:
        link = linker.link(row["question"])
        linked = [e.id for e in link.topics()] if link.topic_mention is not None else []
    return linked[0] if linked else None


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--results", type=Path, required=True)
    ap.add_argument("--dataset", default="webqsp")
    ap.add_argument("--split", default="dev")
    ap.add_argument("--data-dir", type=Path, default=Path("../shared/data"))
    ap.add_argument("--out", type=Path, default=None, help="one JSON line per miss with its bucket")
    args = ap.parse_args()
    from kgsparql import Asker, Settings
    from kgsparql.eval import load_dataset
    from kgsparql.eval.datasets import DATASETS
    from kgsparql.eval.kb import ensure_store

    rows = [json.loads(line) for line in args.results.read_text().splitlines() if line.strip()]
    parts = load_dataset(args.dataset, args.data_dir, split=args.split)
    items = {i.id: i for p in parts for i in p.items}
    base = Settings.load(flags={"llm": "none"})
    store = ensure_store(parts[0].kb, base.home, base.base_iri, quiet=True)
    walks = DATASETS[args.dataset].walks
    counts, out = Counter(), []
    with Asker(base.replace(store=str(store), endpoint=None, adapter=DATASETS[args.dataset].adapter)) as asker:
        adapter, linker = asker.kg.adapter, asker.method.ctx.linker
        for row in rows:
            if row.get("hits1") or row["id"] not in items:
                continue
            item = items[row["id"]]
            linked, gold = _linked(row, linker), (item.topic_iris or [None])[0]
            linked_reach = reaches_gold(adapter, linked, item, walks)
            gold_reach = linked_reach if linked == gold else reaches_gold(adapter, gold, item, walks)
            bucket = bucket_of(row, linked_reach, gold_reach, linked == gold)
            counts[bucket] += 1
            out.append({"id": row["id"], "question": row["question"], "bucket": bucket, "linked": linked,
                        "gold_topic": gold, "abstained": row.get("abstained"), "plan": row.get("plan")})
    if args.out:
        args.out.write_text("".join(json.dumps(r) + "\n" for r in out))
    print(json.dumps({"questions": len(rows), "misses": sum(counts.values()),
                      "buckets": {b: counts[b] for b in BUCKETS}}))


if __name__ == "__main__":
    main()

"""How often the linker's top entity is a Freebase benchmark question's gold topic (linking only, no
answering; a few seconds for WebQSP dev). ``--out`` keeps one row per question, so two runs can be
compared question by question.

    python benchmarks/topic_links.py --dataset webqsp --split dev --data-dir ../shared/data --out links.jsonl
"""
from __future__ import annotations

import argparse
import json
from pathlib import Path


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--dataset", default="webqsp")
    ap.add_argument("--split", default="dev")
    ap.add_argument("--limit", type=int, default=None)
    ap.add_argument("--data-dir", type=Path, default=Path("../shared/data"))
    ap.add_argument("--config", type=Path, default=None, help="a settings file, e.g. [plugins.linking] options")
    ap.add_argument("--out", type=Path, default=None)
    args = ap.parse_args()
    from kgsparql import Asker, Settings
    from kgsparql.eval import load_dataset
    from kgsparql.eval.datasets import DATASETS
    from kgsparql.eval.kb import ensure_store

    parts = load_dataset(args.dataset, args.data_dir, split=args.split)
    items = [i for p in parts for i in p.items][:args.limit]
    base = Settings.load(flags={"llm": "none"}, config_file=args.config)
    store = ensure_store(parts[0].kb, base.home, base.base_iri, quiet=True)
    rows = []
    with Asker(base.replace(store=str(store), endpoint=None, adapter=DATASETS[args.dataset].adapter)) as asker:
        linker = asker.method.ctx.linker
        for item in items:
            link = linker.link(item.question)
            top = [e.id for e in link.topics()][:1] if link.topic_mention is not None else []
            rows.append({"id": item.id, "question": item.question, "top": top[0] if top else None,
                         "name": link.top.label if link.top is not None else None,
                         "gold": bool(top) and top[0] in item.topic_iris})
    if args.out:
        args.out.write_text("".join(json.dumps(r) + "\n" for r in rows))
    print(json.dumps({"questions": len(rows), "top_is_gold": sum(r["gold"] for r in rows),
                      "not_linked": sum(r["top"] is None for r in rows)}))


if __name__ == "__main__":
    main()

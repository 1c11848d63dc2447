"""Measure linking on MetaQA: top-1 accuracy of the gold ``[topic]`` with the brackets removed, and
latency per question once the index is loaded.

    python benchmarks/linking.py --store /tmp/S --split dev            # every dev question
    python benchmarks/linking.py --store /tmp/S --split test --sample 1000 --seed 0
"""
from __future__ import annotations

import argparse
import json
import random
import re
import statistics
import time
from pathlib import Path

from kgsparql.config import Settings
from kgsparql.kg import KnowledgeGraph
from kgsparql.linking.linker import EntityLinker

__all__ = ["load_questions", "evaluate"]

_BRACKET = re.compile(r"\[([^\]]*)\]")


def load_questions(data: Path, hop: int, split: str, sample: int | None = None,
                   seed: int = 0) -> list[tuple[str, str]]:
    """(question with brackets, gold topic label) pairs; a seeded sample when ``sample`` is given."""
    lines = (data / f"{hop}-hop" / "vanilla" / f"qa_{split}.txt").read_text(encoding="utf-8").splitlines()
    pairs = [(q, _BRACKET.search(q).group(1)) for q in (ln.split("\t")[0] for ln in lines if ln.strip())]
    if sample is not None and sample < len(pairs):
        pairs = random.Random(seed).sample(pairs, sample)
    return pairs


def evaluate(linker: EntityLinker, pairs: list[tuple[str, str]], brackets: bool = False,
             lower: bool = False) -> dict:
    """Top-1 accuracy (the best candidate of the best mention has the gold label) and latency.
    ``lower``: the question is lower-cased first (a user who does not capitalise names)."""
    hits, times, misses = 0, [], []
    for question, gold in pairs:
        text = question if brackets else question.replace("[", "").replace("]", "")
        text = text.lower() if lower else text
        t0 = time.perf_counter()
        top = linker.link(text).top
        times.append(time.perf_counter() - t0)
        if top is not None and top.label == gold:
            hits += 1
        elif len(misses) < 20:
            misses.append({"question": text, "gold": gold, "got": top.label if top else None})
    times.sort()
    return {"questions": len(pairs), "top1": round(hits / max(len(pairs), 1), 4),
            "p50_ms": round(1000 * statistics.median(times), 3),
            "p95_ms": round(1000 * times[int(0.95 * (len(times) - 1))], 3), "misses": misses}


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--store", required=True)
    ap.add_argument("--data", default="/work/shared/data/metaqa")
    ap.add_argument("--split", default="dev")
    ap.add_argument("--hops", default="1,2,3")
    ap.add_argument("--sample", type=int)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--brackets", action="store_true", help="keep the [topic] hint")
    ap.add_argument("--lower", action="store_true", help="lower-case the questions")
    ap.add_argument("--type-fit", default="overlap")
    ap.add_argument("--home")
    args = ap.parse_args(argv)
    flags = {"store": args.store, "home": args.home, "plugins": {"linking": {"type_fit": args.type_fit}}}
    settings = Settings(**{k: v for k, v in flags.items() if v is not None})
    with KnowledgeGraph.from_settings(settings) as kg:
        t0 = time.perf_counter()
        linker = EntityLinker(kg, settings)
        report = {"index_seconds": round(time.perf_counter() - t0, 3)}
        for hop in map(int, args.hops.split(",")):
            pairs = load_questions(Path(args.data), hop, args.split, args.sample, args.seed)
            report[f"{hop}-hop"] = evaluate(linker, pairs, args.brackets, args.lower)
    print(json.dumps(report, indent=1, ensure_ascii=False))


if __name__ == "__main__":
    main()

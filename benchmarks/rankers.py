"""Measure the rankers: relation ranking on MetaQA 1-hop questions (which of the 9 relation labels
does the question ask about, from the qtype file) and embedding latency on this machine.

    python benchmarks/rankers.py --data /work/shared/data/metaqa --sample 2000 --seed 0
    python benchmarks/rankers.py --latency-only --threads 1
"""
from __future__ import annotations

import argparse
import json
import random
import re
import statistics
import time
from pathlib import Path

from kgsparql.rank.bm25 import BM25Ranker
from kgsparql.rank.embedding import EmbeddingRanker
from kgsparql.rank.fusion import minmax

__all__ = ["relation_task", "hits_at_1", "embedding_latency"]

RELATIONS = {"director": "directed_by", "writer": "written_by", "actor": "starred_actors",
             "year": "release_year", "language": "in_language", "genre": "has_genre", "tag": "has_tags",
             "tags": "has_tags", "imdbrating": "has_imdb_rating", "imdbvotes": "has_imdb_votes"}


def relation_task(data: Path, split: str, sample: int, seed: int) -> tuple[list[str], list[tuple[str, int]]]:
    """(relation labels, [(question with the topic as X, index of the gold label)])."""
    labels = sorted({r.replace("_", " ") for r in RELATIONS.values()})
    lines = (data / "1-hop" / "vanilla" / f"qa_{split}.txt").read_text(encoding="utf-8").splitlines()
    qtypes = (data / "1-hop" / f"qa_{split}_qtype.txt").read_text(encoding="utf-8").splitlines()
    items = []
    for line, qtype in zip(lines, qtypes):
        head, tail = qtype.strip().split("_to_")
        rel = RELATIONS[tail if head == "movie" else head].replace("_", " ")
        items.append((re.sub(r"\[[^\]]*\]", "X", line.split("\t")[0]), labels.index(rel)))
    return labels, random.Random(seed).sample(items, min(sample, len(items)))


def hits_at_1(scores: list[list[float]], gold: list[int]) -> float:
    return round(sum(max(range(len(s)), key=s.__getitem__) == g for s, g in zip(scores, gold)) / len(gold), 4)


def _rrf(scores: list[float], k: int = 60) -> list[float]:
    order = sorted(range(len(scores)), key=lambda i: -scores[i])
    out = [0.0] * len(scores)
    for rank, i in enumerate(order):
        out[i] = 1.0 / (k + rank + 1)
    return out


def embedding_latency(ranker: EmbeddingRanker, n: int = 300) -> dict:
    """Milliseconds to embed one short, never-seen question (cache miss), and a cache hit."""
    ranker.embed(["warm up"])
    times = []
    for i in range(n):
        t0 = time.perf_counter()
        ranker.embed([f"which person directed the movies starred by actor number {i}"])
        times.append(time.perf_counter() - t0)
    t0 = time.perf_counter()
    ranker.embed(["warm up"])
    times.sort()
    return {"miss_p50_ms": round(1000 * statistics.median(times), 2),
            "miss_p95_ms": round(1000 * times[int(0.95 * (n - 1))], 2),
            "hit_us": round(1e6 * (time.perf_counter() - t0), 1)}


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", default="/work/shared/data/metaqa")
    ap.add_argument("--split", default="dev")
    ap.add_argument("--sample", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--threads", type=int, help="torch CPU threads (default: torch's own)")
    ap.add_argument("--latency-only", action="store_true")
    args = ap.parse_args(argv)
    emb = EmbeddingRanker(threads=args.threads)
    if args.latency_only:
        print(json.dumps({"embedding_latency": embedding_latency(emb)}))
        return
    labels, items = relation_task(Path(args.data), args.split, args.sample, args.seed)
    gold = [g for _, g in items]
    bm25 = BM25Ranker()
    lexical = [bm25.rank(q, labels) for q, _ in items]
    semantic = [emb.rank(q, labels) for q, _ in items]
    report = {"questions": len(items), "bm25": hits_at_1(lexical, gold),
              "embedding": hits_at_1(semantic, gold)}
    for w in (0.3, 0.5, 0.7, 0.9):
        fused = [[w * s + (1 - w) * l for s, l in zip(minmax(se), minmax(le))]
                 for se, le in zip(semantic, lexical)]
        report[f"fusion_w{w}"] = hits_at_1(fused, gold)
    rrf = [[a + b for a, b in zip(_rrf(s), _rrf(l))] for s, l in zip(semantic, lexical)]
    report["rrf"] = hits_at_1(rrf, gold)
    report["embedding_latency"] = embedding_latency(emb)
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()

"""Where the first gold answer stands among a method's answers, by question type: for every question of
a results file (``kgsparql eval ... --json --out rows.jsonl``) whose answers hold a gold answer (by name
or IRI, as the metrics score them), the rank of the first one, counted in bands (1, 2, 3-5, 6-20, over 20).
Rank 1 is strict Hits@1; the other bands are the questions answered with the gold answer below others.

    kgsparql eval cwq --split dev --limit 400 --llm none --json --out rows.jsonl
    python benchmarks/answer_ranks.py --results rows.jsonl [--list]
"""
from __future__ import annotations

import argparse
import json
from collections import Counter, defaultdict
from pathlib import Path

__all__ = ["first_gold_rank", "band"]

BANDS = ("1", "2", "3-5", "6-20", ">20")


def first_gold_rank(row: dict) -> int | None:
    """The 1-based rank of the first answer that is gold (by normalised name or by IRI); None when none is."""
    from kgsparql.eval.metrics import normalise

    names = {normalise(g) for g in row.get("gold") or []}
    gold_iris = set(row.get("gold_iris") or [])
    iris = list(row.get("answer_iris") or [])
    for i, answer in enumerate(row.get("answers") or []):
        iri = iris[i] if i < len(iris) else None
        if normalise(answer) in names or (iri is not None and iri in gold_iris):
            return i + 1
    return None


def band(rank: int) -> str:
    return "1" if rank == 1 else "2" if rank == 2 else "3-5" if rank <= 5 else "6-20" if rank <= 20 else ">20"


def table(rows: list[dict]) -> str:
    counts: dict[str, Counter] = defaultdict(Counter)
    sizes = Counter(r.get("qtype") or "all" for r in rows)
    for r in rows:
        rank = first_gold_rank(r)
        if rank is not None:
            for kind in {r.get("qtype") or "all", "all"}:
                counts[kind][band(rank)] += 1
    kinds = sorted(k for k in sizes if k != "all") + ["all"]
    sizes["all"] = len(rows)
    lines = ["| rank of the first gold answer | " + " | ".join(f"{k} ({sizes[k]})" for k in kinds) + " |",
             "|---" * (len(kinds) + 1) + "|"]
    for b in BANDS:
        lines.append(f"| {b} | " + " | ".join(str(counts[k][b]) for k in kinds) + " |")
    lines.append("| gold among the answers | " + " | ".join(str(sum(counts[k].values())) for k in kinds) + " |")
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--results", type=Path, required=True, help="rows of kgsparql eval --out")
    ap.add_argument("--list", action="store_true", help="also list the questions whose gold answer is not first")
    args = ap.parse_args()
    rows = [json.loads(line) for line in args.results.read_text().splitlines() if line.strip()]
    print(table(rows))
    if args.list:
        for r in rows:
            rank = first_gold_rank(r)
            if rank and rank > 1:
                print(f"- [{r.get('qtype')}] {r['question']} | gold {r['gold'][:2]} at {rank} of "
                      f"{len(r['answers'])} | first {r['answers'][0]!r}")


if __name__ == "__main__":
    main()

"""KG-RAG's known failure, measured: the over-decomposition rate (share of questions the LLM split
into more than one sub-question) and the LLM calls per question, read from `kgsparql eval --out`
results of `--method kgrag` (every row's stats.counts carries `sub_questions` and
`decomposed_by_llm`).

    KGSPARQL_DATA_DIR=/work/shared/data kgsparql eval metaqa --split dev --hops 1 --limit 100 \\
        --method kgrag --llm llama --out dev1_llama.jsonl
    python benchmarks/decomposition.py dev1_llama.jsonl

On 1-hop questions every split is an over-decomposition. Printed per hop count: questions, the
share the LLM decomposed (the rest fell back to the relation chain because its output did not
parse), the over-decomposition rate among all questions and among LLM decompositions, the mean
number of sub-questions, mean LLM calls and Hits@1."""
from __future__ import annotations

import argparse
import json
from collections import defaultdict

__all__ = ["summarise", "main"]


def summarise(rows: list[dict]) -> dict[int, dict[str, float]]:
    by_hops: dict[int, list[dict]] = defaultdict(list)
    for row in rows:
        if "error" not in row:
            by_hops[int(row["hops"])].append(row)
    out = {}
    for hops, group in sorted(by_hops.items()):
        counts = [r["stats"].get("counts", {}) for r in group]
        llm = [c for c in counts if c.get("decomposed_by_llm")]
        over = [c for c in llm if c.get("sub_questions", 0) > hops]
        n = len(group)
        out[hops] = {"n": n, "llm_decomposed": len(llm) / n, "over_decomposed": len(over) / n,
                     "over_decomposed_of_llm": len(over) / len(llm) if llm else 0.0,
                     "sub_questions_mean": sum(c.get("sub_questions", 0) for c in counts) / n,
                     "llm_calls_mean": sum(r["stats"].get("llm_calls", 0) for r in group) / n,
                     "hits1": sum(r.get("hits1", 0) for r in group) / n}
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("results", help="a `kgsparql eval --method kgrag --out` JSONL file")
    args = ap.parse_args()
    with open(args.results, encoding="utf-8") as fh:
        rows = [json.loads(line) for line in fh if line.strip()]
    for hops, s in summarise(rows).items():
        print(f"{hops}-hop  n={s['n']}  LLM-decomposed {s['llm_decomposed']:.2f}  "
              f"over-decomposed {s['over_decomposed']:.2f} (of LLM decompositions {s['over_decomposed_of_llm']:.2f})  "
              f"sub-questions {s['sub_questions_mean']:.2f}  LLM calls {s['llm_calls_mean']:.2f}  "
              f"Hits@1 {s['hits1']:.3f}")


if __name__ == "__main__":
    main()

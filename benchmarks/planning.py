"""Plain-English planning questions on the MetaQA KB (counts, superlatives, comparisons between two
entities, filters against a year, conjunctions), in everyday phrasings, with no LLM.

    python benchmarks/planning.py                                # the test file, the default method
    python benchmarks/planning.py --file tests/fixtures/questions/planning_dev.jsonl --method kelgop

The question files hold no answers: the gold is computed from the KB here.
- ``count``: ``topic`` + ``chain`` -> the number of distinct ends, as a plain integer string;
- ``superlative``: the ends of ``topic`` + ``chain`` with the largest (``direction: max``, by each
  entity's latest value) or smallest (by its earliest) ``attribute``; ties are all gold;
- ``comparative``: the same over the two named ``entities``;
- ``filter``: the ends whose ``attribute`` compares with ``value`` by ``op`` (gt/ge: the entity's
  latest value, lt/le: its earliest, eq: any value, between [a, b]: latest >= a and earliest <= b);
- ``conjunction``: the intersection of what every ``[topic, chain]`` of ``constraints`` reaches.
Figures: strict Hits@1 per kind (the first answer is gold) and ``all``: the answers are exactly the
gold set (for superlatives: every tie returned)."""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))   # loaded by path from tests too
from plain_english import HERE, gold_answers, run_questions  # noqa: E402

__all__ = ["planning_gold", "evaluate", "summary", "DEFAULT_FILE"]

DEFAULT_FILE = HERE.parent / "tests" / "fixtures" / "questions" / "planning_test.jsonl"


def _values(tables, entity: str, attribute: str) -> list[int]:
    return sorted(int(v) for v in tables[0][attribute].get(entity, ()) if v.lstrip("-").isdigit())


def _extreme(tables, entities, attribute: str, direction: str) -> set[str]:
    scored = {e: _values(tables, e, attribute) for e in entities}
    scored = {e: (v[-1] if direction == "max" else v[0]) for e, v in scored.items() if v}
    if not scored:
        return set()
    best = (max if direction == "max" else min)(scored.values())
    return {e for e, v in scored.items() if v == best}


def _passes(values: list[int], op: str, value) -> bool:
    if not values:
        return False
    lo, hi = values[0], values[-1]
    if op == "between":
        return hi >= value[0] and lo <= value[1]
    return {"gt": hi > value, "ge": hi >= value, "lt": lo < value, "le": lo <= value, "eq": value in values}[op]


def planning_gold(tables, q: dict) -> set[str]:
    kind = q["kind"]
    if kind == "count":
        return {str(len(gold_answers(tables, q["topic"], q["chain"])))}
    if kind == "superlative":
        return _extreme(tables, gold_answers(tables, q["topic"], q["chain"]), q["attribute"], q["direction"])
    if kind == "comparative":
        return _extreme(tables, q["entities"], q["attribute"], q["direction"])
    if kind == "filter":
        ends = gold_answers(tables, q["topic"], q["chain"])
        return {e for e in ends if _passes(_values(tables, e, q["attribute"]), q["op"], q["value"])}
    if kind == "conjunction":
        sets = [gold_answers(tables, topic, chain) for topic, chain in q["constraints"]]
        return set.intersection(*sets) - {topic for topic, _ in q["constraints"]}
    return gold_answers(tables, q["topic"], q["chain"])


def evaluate(asker, questions: list[dict], tables) -> list[dict]:
    rows = []
    for q in questions:
        gold = planning_gold(tables, q)
        answer = asker.ask(q["question"])
        got = list(answer.answers)
        rows.append({**q, "gold": sorted(gold)[:10], "gold_size": len(gold), "answers": got[:5],
                     "ok": bool(got) and got[0] in gold, "all": bool(got) and set(got) == gold,
                     "category": answer.plan.get("category"), "abstained": answer.abstained,
                     "llm_calls": answer.stats.get("llm_calls", 0)})
    return rows


def summary(rows: list[dict]) -> dict[str, dict]:
    out = {}
    for kind in sorted({r["kind"] for r in rows}):
        mine = [r for r in rows if r["kind"] == kind]
        out[kind] = {"n": len(mine), "ok": round(sum(r["ok"] for r in mine) / len(mine), 3),
                     "all": round(sum(r["all"] for r in mine) / len(mine), 3)}
    return out


def main() -> None:
    rows = run_questions(__doc__.split("\n\n")[0], DEFAULT_FILE, evaluate)
    for kind, s in summary(rows).items():
        print(f"{kind:<12} n={s['n']:<4} strict Hits@1: {s['ok']:.3f}   all answers exact: {s['all']:.3f}")
    for r in rows:
        if not r["ok"]:
            print(f"  miss [{r['kind']}] {r['question']} -> {r['answers'][:3] or r['abstained']} (gold {r['gold'][:3]})")


if __name__ == "__main__":
    main()

"""Plain-English claims on the MetaQA demo KB, written by hand in everyday phrasings: one-hop facts,
their negations, multi-hop claims (people linked through films), conjunctions, release-date
comparisons and counting claims, true and false ones.

    python benchmarks/claims.py                                   # the test file, --llm none
    python benchmarks/claims.py --file tests/fixtures/claims/claims_dev.jsonl --json rows.jsonl

Each line names what to check, and the gold verdict is computed here from the KB, never written
down: ``facts`` (each ``[head, chain, tail]``: does following ``chain`` from ``head`` reach
``tail``; ``~`` = backwards, ``*`` = any relation either way; all must hold, ``negated`` flips),
``exists`` (``[entity, relation]``: the entity has at least one such neighbour, ``~`` = backwards),
``compare`` (``left``/``right`` films or a year, their ``relation`` values compared with ``op``)
or ``count`` (how many ``chain`` neighbours ``entity`` has, compared with ``op`` ``n``). The test
file was written before the verifier and is never tuned on; tune on the dev file. Figures: share
of right verdicts overall and per kind."""
from __future__ import annotations

import argparse
import json
import operator
import sys
from collections import defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from plain_english import kb_tables  # noqa: E402  (the same KB reader as the question benchmark)

__all__ = ["load_claims", "gold_verdict", "evaluate", "summary", "TEST_FILE", "KINDS_FILE", "FRESH_FILES", "DEV_FILE", "DEMO_KB"]

TEST_FILE = HERE.parent / "tests" / "fixtures" / "claims" / "claims_test.jsonl"
KINDS_FILE = HERE.parent / "tests" / "fixtures" / "claims" / "claims_kinds_test.jsonl"
FRESH_FILES = [HERE.parent / "tests" / "fixtures" / "claims" / f"claims_{name}_test.jsonl" for name in ("fresh", "fresh2", "fresh3")]
DEV_FILE = HERE.parent / "tests" / "fixtures" / "claims" / "claims_dev.jsonl"
DEMO_KB = HERE.parent / "kgsparql" / "data" / "demo_kb.txt.gz"
OPS = {"<": operator.lt, ">": operator.gt, "=": operator.eq, "<=": operator.le, ">=": operator.ge}


def load_claims(path: Path = TEST_FILE) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def _follow(tables, start: str, chain: list[str]) -> set[str]:
    fwd, bwd = tables
    layer = {start}
    for step in chain:
        if step == "*":
            layer = {t for n in layer for table in (*fwd.values(), *bwd.values()) for t in table.get(n, ())}
            continue
        table = bwd[step[1:]] if step.startswith("~") else fwd[step]
        layer = {t for n in layer for t in table.get(n, ()) if t != start}
    return layer


def _value(tables, item, relation: str) -> int:
    if isinstance(item, int):
        return item
    values = _follow(tables, item, [relation])
    if len(values) != 1:
        raise ValueError(f"{item!r} has {len(values)} {relation} values; a comparison needs one")
    return int(next(iter(values)))


def gold_verdict(tables, claim: dict) -> str:
    """"true" / "false" from the KB for the checks the line names."""
    if "facts" in claim:
        for head, _, _ in claim["facts"]:
            if not _follow(tables, head, ["*"]):
                raise ValueError(f"{head!r} is not in the KB")
        holds = all(tail in _follow(tables, head, chain) for head, chain, tail in claim["facts"])
        holds = holds != bool(claim.get("negated"))
    elif "exists" in claim:
        entity, relation = claim["exists"]
        if not _follow(tables, entity, ["*"]):
            raise ValueError(f"{entity!r} is not in the KB")
        holds = bool(_follow(tables, entity, [relation])) != bool(claim.get("negated"))
    elif "compare" in claim:
        c = claim["compare"]
        holds = OPS[c["op"]](_value(tables, c["left"], c["relation"]), _value(tables, c["right"], c["relation"]))
    else:
        c = claim["count"]
        holds = OPS[c["op"]](len(_follow(tables, c["entity"], c["chain"])), c["n"])
    return "true" if holds else "false"


def evaluate(verifier, claims: list[dict], tables) -> list[dict]:
    rows = []
    for c in claims:
        gold = gold_verdict(tables, c)
        result = verifier.verify(c["claim"], id=c.get("id")).to_json()
        rows.append({"id": c.get("id"), "kind": c["kind"], "claim": c["claim"], "gold": gold,
                     "verdict": result["verdict"], "right": result["verdict"] == gold,
                     "explanation": result["explanation"], "stats": result["stats"]})
    return rows


def summary(rows: list[dict]) -> dict:
    kinds: dict = defaultdict(list)
    for r in rows:
        kinds[r["kind"]].append(r["right"])
    out = {kind: {"n": len(v), "accuracy": round(sum(v) / len(v), 3)} for kind, v in sorted(kinds.items())}
    out["overall"] = {"n": len(rows), "accuracy": round(sum(r["right"] for r in rows) / max(1, len(rows)), 3)}
    golds = [r["gold"] for r in rows]
    out["overall"]["true_share"] = round(golds.count("true") / max(1, len(golds)), 3)
    return out


def main(argv: list[str] | None = None) -> int:
    from kgsparql import Verifier

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--file", type=Path, default=TEST_FILE)
    ap.add_argument("--kb", type=Path, default=DEMO_KB, help="the KB file the store was loaded from")
    ap.add_argument("--store", default=None, help="store directory (default: the bundled demo KG)")
    ap.add_argument("--llm", default="none")
    ap.add_argument("--json", type=Path, default=None, help="write one row per claim here")
    args = ap.parse_args(argv)
    tables = kb_tables(args.kb)
    with Verifier(store=args.store, llm=args.llm) as verifier:
        rows = evaluate(verifier, load_claims(args.file), tables)
    if args.json:
        args.json.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    for r in rows:
        if not r["right"]:
            print(f"WRONG {r['id']} [{r['kind']}] gold={r['gold']} got={r['verdict']}: {r['claim']}  -- {r['explanation']}")
    print(json.dumps(summary(rows), indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Plain-English questions on the MetaQA KB, written by hand in everyday phrasings (no brackets):
lookups, 2- and 3-hop chains, and questions about facts the KG does not hold.

    python benchmarks/plain_english.py                       # the default method, --llm none
    python benchmarks/plain_english.py --method frag --file my_questions.jsonl --json rows.jsonl

Each line of the question file is ``{"kind", "question", "topic", "chain"}``: ``chain`` is the
relation path that answers it (``~`` = traversed backwards), and the gold answers are computed from
the KB by following it from ``topic`` (MetaQA's answer convention), so the file holds no answers.
``kind: missing`` marks a question whose chain reaches nothing: the right reply is to abstain (the
script checks that the KB really lacks the fact); ``kind: count`` asks how many ends the chain has,
and its gold is that number as a plain integer. Figures: strict Hits@1 per answerable kind, and the
share of ``missing`` questions answered with ``answers: []`` and a reason."""
from __future__ import annotations

import argparse
import gzip
import json
from collections import defaultdict
from pathlib import Path

__all__ = ["load_questions", "gold_answers", "evaluate", "summary"]

HERE = Path(__file__).resolve().parent
DEFAULT_FILE = HERE.parent / "tests" / "fixtures" / "questions" / "plain_english.jsonl"


def load_questions(path: Path = DEFAULT_FILE) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def kb_tables(kb: Path) -> tuple[dict, dict]:
    """(forward, backward): relation -> head -> tails, and relation -> tail -> heads. ``kb`` holds
    ``head|relation|tail`` (MetaQA) or ``head<TAB>relation<TAB>tail`` lines, gzipped or not."""
    fwd: dict = defaultdict(lambda: defaultdict(set))
    bwd: dict = defaultdict(lambda: defaultdict(set))
    opener = gzip.open if kb.suffix == ".gz" else open
    with opener(kb, "rt", encoding="utf-8") as fh:
        for line in fh:
            line = line.rstrip("\n")
            if line:
                h, r, t = line.split("\t" if "\t" in line else "|")
                fwd[r][h].add(t)
                bwd[r][t].add(h)
    return fwd, bwd


def gold_answers(tables: tuple[dict, dict], topic: str, chain: list[str]) -> set[str]:
    """Follow ``chain`` from ``topic``: walks never come back to the topic (MetaQA's convention)."""
    fwd, bwd = tables
    layer = {topic}
    for step in chain:
        table = bwd[step[1:]] if step.startswith("~") else fwd[step]
        layer = {t for n in layer for t in table.get(n, ()) if t != topic}
    return layer


def evaluate(asker, questions: list[dict], tables) -> list[dict]:
    from kgsparql.eval.metrics import hits_at_1

    rows = []
    for q in questions:
        gold = gold_answers(tables, q["topic"], q["chain"])
        if q["kind"] == "count":
            gold = {str(len(gold))} if gold else set()
        answer = asker.ask(q["question"])
        ok = (bool(answer.abstained) and not answer.answers) if q["kind"] == "missing" else \
            hits_at_1(answer.answers, gold)
        rows.append({**q, "gold_size": len(gold), "answers": list(answer.answers[:5]),
                     "abstained": answer.abstained, "ok": bool(ok), "kb_lacks_it": not gold})
    return rows


def summary(rows: list[dict]) -> dict[str, dict]:
    out: dict[str, dict] = {}
    for kind in sorted({r["kind"] for r in rows}):
        mine = [r for r in rows if r["kind"] == kind]
        out[kind] = {"n": len(mine), "ok": round(sum(r["ok"] for r in mine) / len(mine), 3)}
    answerable = [r for r in rows if r["kind"] != "missing"]
    out["answerable"] = {"n": len(answerable), "ok": round(sum(r["ok"] for r in answerable) / max(1, len(answerable)), 3)}
    return out


def run_questions(description: str, default_file: Path, evaluate) -> list[dict]:
    """The command line every plain-English benchmark shares: parse the flags, open an ``Asker`` on the
    MetaQA store, ``evaluate(asker, questions, tables)``, write the rows to ``--json``; the rows."""
    ap = argparse.ArgumentParser(description=description)
    ap.add_argument("--file", type=Path, default=default_file)
    ap.add_argument("--data-dir", type=Path, default=Path("../shared/data"))
    ap.add_argument("--store", default=None, help="MetaQA store (default: the one kgsparql eval builds)")
    ap.add_argument("--method", default=None)
    ap.add_argument("--adapter", default=None, help="schema adapter of the store (wikidata for the "
                    "MetaQA KB in Wikidata's shape, benchmarks/wikidata_shape.py)")
    ap.add_argument("--kb", type=Path, default=None, help="the triples the store was loaded from, for "
                    "the gold answers (default: the MetaQA KB under --data-dir)")
    ap.add_argument("--llm", default="none")
    ap.add_argument("--json", type=Path, default=None, help="write every row here")
    ap.add_argument("--config", default=None, help="TOML config file (plugin options)")
    args = ap.parse_args()
    from kgsparql import Asker, Settings

    store = args.store or str(Settings().home_path / "stores" / "metaqa")
    tables = kb_tables(args.kb or args.data_dir / "metaqa" / "kb_dedup.txt.gz")
    flags = {"store": store, "llm": args.llm, **({"method": args.method} if args.method else {}),
             **({"adapter": args.adapter} if args.adapter else {})}
    with Asker(Settings.load(flags=flags, config_file=args.config)) as asker:
        rows = evaluate(asker, load_questions(args.file), tables)
    if args.json:
        args.json.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    return rows


def main() -> None:
    rows = run_questions(__doc__.split("\n\n")[0], DEFAULT_FILE, evaluate)
    for kind, s in summary(rows).items():
        what = "abstained with a reason" if kind == "missing" else "strict Hits@1"
        print(f"{kind:<11} n={s['n']:<4} {what}: {s['ok']:.3f}")
    for r in rows:
        if not r["ok"]:
            print(f"  miss [{r['kind']}] {r['question']} -> {r['answers'][:3] or r['abstained']}")


if __name__ == "__main__":
    main()

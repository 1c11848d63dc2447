"""Calibrate abstention's meaning view across KGs: the WebQSP and CWQ dev shares (Freebase-shaped
KBs, no trained prior) and the plain-English questions on the MetaQA KB, answerable and missing.

    python benchmarks/abstention_kgs.py --out rows.jsonl          # record: abstention off, every view measured
    python benchmarks/abstention_kgs.py --sweep rows.jsonl        # per setting: answerable Hits@1, missing abstained

Recording answers every question with FRAG (the method that holds the check) along its best chain with ``enabled = false`` and ``meaning_min = 0``
(so the meaning view measures every chain) and keeps ``plan["match"]``. The sweep then decides again,
offline, for each ``meaning_min`` × ``meaning_hop_ratio``, whether the method would have abstained:
an answerable question scores its Hits@1 when it is answered and 0 when it abstains; a missing one
(plain-English ``missing``, or a dev question whose gold the KB lacks) scores 1 when it abstains."""
from __future__ import annotations

import argparse
import json
from itertools import product
from pathlib import Path

__all__ = ["record", "decide", "sweep"]

HERE = Path(__file__).resolve().parent
RECORDING = {"enabled": False, "meaning_min": 0.0}


def _match(plan) -> dict | None:
    """The ``match`` of the chain that answered, searched through nested plans."""
    if isinstance(plan, dict):
        if isinstance(plan.get("match"), dict):
            return plan["match"]
        for value in plan.values():
            found = _match(value)
            if found is not None:
                return found
    if isinstance(plan, list):
        for value in plan:
            found = _match(value)
            if found is not None:
                return found
    return None


def _config(folder: Path) -> Path:
    path = folder / "abstention-recording.toml"
    path.write_text("[plugins.abstention]\n" + "".join(f"{k} = {json.dumps(v)}\n" for k, v in RECORDING.items()),
                    encoding="utf-8")
    return path


def record(out: Path, cwq_limit: int, data_dir: Path) -> None:
    from kgsparql import Asker, Settings
    from kgsparql.eval.datasets import benchmark
    from kgsparql.eval.metrics import hits_at_1
    from plain_english import DEFAULT_FILE, gold_answers, kb_tables, load_questions

    config = str(_config(out.parent))
    rows = []
    for name, limit in (("webqsp", None), ("cwq", cwq_limit)):
        store, items = benchmark(name, "dev", data_dir=data_dir)
        with Asker(Settings.load(flags={"store": str(store), "adapter": "freebase", "llm": "none", "method": "frag"},
                                 config_file=config)) as asker:
            for item in items[:limit]:
                answer = asker.ask(item.question, id=item.id)
                rows.append({"set": name, "id": item.id, "missing": not item.answerable,
                             "hit": bool(hits_at_1(answer.answers, item.answers)), "match": _match(answer.to_json().get("plan"))})
    tables = kb_tables(data_dir / "metaqa" / "kb_dedup.txt.gz")
    store = str(Settings().home_path / "stores" / "metaqa")
    with Asker(Settings.load(flags={"store": store, "llm": "none", "method": "frag"}, config_file=config)) as asker:
        for q in load_questions(DEFAULT_FILE) + load_questions(DEFAULT_FILE.with_name("plain_english_more.jsonl")):
            answer = asker.ask(q["question"])
            gold = gold_answers(tables, q["topic"], q["chain"])
            rows.append({"set": "plain_english", "id": q["question"], "missing": q["kind"] == "missing",
                         "hit": bool(hits_at_1(answer.answers, gold)), "match": _match(answer.to_json().get("plan"))})
    out.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")


def decide(match: dict | None, meaning_min: float, hop_ratio: float) -> bool:
    """Would the method answer (some view recognises the chain) under these meaning settings?"""
    if not match:
        return False
    if any(view != "meaning" for view in match.get("recognised", [])):
        return True
    best, weakest = match.get("meaning"), match.get("meaning_weakest")
    if best is None:
        return False
    return best >= meaning_min and weakest >= hop_ratio * best and "meaning_rival" not in match


def sweep(rows: list[dict]) -> list[dict]:
    out = []
    for meaning_min, ratio in product((0.0, 0.1, 0.15, 0.2, 0.25, 0.3), (0.3, 0.4, 0.5)):
        line = {"meaning_min": meaning_min, "meaning_hop_ratio": ratio}
        for name in sorted({r["set"] for r in rows}):
            mine = [r for r in rows if r["set"] == name]
            ok = [r for r in mine if not r["missing"]]
            miss = [r for r in mine if r["missing"]]
            line[f"{name} answerable"] = round(sum(r["hit"] and decide(r["match"], meaning_min, ratio) for r in ok)
                                                / max(1, len(ok)), 3)
            line[f"{name} missing abstain"] = round(sum(not decide(r["match"], meaning_min, ratio) for r in miss)
                                                    / max(1, len(miss)), 3)
        out.append(line)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", type=Path)
    ap.add_argument("--sweep", type=Path)
    ap.add_argument("--cwq-limit", type=int, default=300)
    ap.add_argument("--data-dir", type=Path, default=Path("../shared/data"))
    args = ap.parse_args()
    if args.out:
        record(args.out, args.cwq_limit, args.data_dir)
    if args.sweep or args.out:
        rows = [json.loads(line) for line in (args.sweep or args.out).read_text(encoding="utf-8").splitlines()]
        for line in sweep(rows):
            print(json.dumps(line))


if __name__ == "__main__":
    main()

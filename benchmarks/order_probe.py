"""Does an answer depend on what the process asked before, or on the hash seed? Answers a question
file in one process per run (forward order, reverse order, forward under a second
``PYTHONHASHSEED``) and prints how many questions differ between the runs: answers, abstention, and
the top three evidence paths with their scores (docs/reliability.md).

    python benchmarks/order_probe.py --store S --file questions.jsonl [--adapter freebase] [--limit 150]
    python benchmarks/order_probe.py --store S --file plain_english_videogames.jsonl --method refkg

Each line of the file needs a ``question``. Figures: ``forward vs reverse: k of n differ`` and
``hash seed A vs B: k of n differ``, then the questions that differ. With ``--answer`` the script
only answers, in the order given, one JSON line per question (what each run does)."""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys

__all__ = ["seen", "differing"]


def seen(answer) -> dict:
    """What a reader sees of an answer: answers, abstention and the top evidence paths."""
    evidence = [[str(path), round(score, 6)] for path, score in answer.evidence[:3]]
    return {"answers": list(answer.answers), "abstained": answer.abstained, "evidence": evidence}


def differing(a: dict[int, dict], b: dict[int, dict]) -> list[int]:
    """Indexes of the questions two runs answered differently."""
    return [i for i in sorted(set(a) & set(b)) if a[i]["seen"] != b[i]["seen"]]


def _answer(args) -> None:
    from kgsparql.api import Asker
    from kgsparql.config import Settings

    items = [json.loads(line) for line in open(args.file, encoding="utf-8") if line.strip()][: args.limit]
    order = list(range(len(items)))[:: -1 if args.reverse else 1]
    flags = dict(store=args.store, adapter=args.adapter, method=args.method, llm="none")
    with Asker(Settings.load(flags=flags)) as asker:
        for i in order:
            print(json.dumps({"i": i, "question": items[i]["question"], "seen": seen(asker.ask(items[i]["question"]))}),
                  flush=True)


def _run(args, reverse: bool, seed: str) -> dict[int, dict]:
    command = [sys.executable, __file__, "--answer", "--store", args.store, "--file", args.file, "--adapter",
               args.adapter, "--method", args.method, "--limit", str(args.limit)] + (["--reverse"] if reverse else [])
    out = subprocess.run(command, env={**os.environ, "PYTHONHASHSEED": seed}, capture_output=True, text=True,
                         check=True).stdout
    return {row["i"]: row for row in map(json.loads, out.splitlines())}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--store", required=True)
    parser.add_argument("--file", required=True)
    parser.add_argument("--adapter", default="generic")
    parser.add_argument("--method", default="kelgop")
    parser.add_argument("--limit", type=int, default=150)
    parser.add_argument("--seeds", default="1,2", help="two PYTHONHASHSEED values")
    parser.add_argument("--answer", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--reverse", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.answer:
        return _answer(args)
    first, second = args.seeds.split(",")
    forward, reverse, reseeded = _run(args, False, first), _run(args, True, first), _run(args, False, second)
    for name, other in (("forward vs reverse", reverse), (f"hash seed {first} vs {second}", reseeded)):
        diff = differing(forward, other)
        print(f"{name}: {len(diff)} of {len(forward)} differ")
        for i in diff:
            print(f"  {forward[i]['question']}\n    {forward[i]['seen']}\n    {other[i]['seen']}")


if __name__ == "__main__":
    main()

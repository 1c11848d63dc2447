"""End-to-end eval throughput with N workers: runs ``kgsparql eval metaqa --limit N --workers W --pool P``
as a fresh process for each configuration (so each one pays its own start-up and model loads, as a
user does), and prints wall seconds, questions per second, the speed-up over the first
configuration, Hits@1 and whether the answers equal the first configuration's. Configurations run
in the order given, so ``1,2,1,2`` interleaves them against load drift on a shared machine. The
MetaQA store is built (untimed) before the first run.

    .venv/bin/python benchmarks/eval_workers.py --runs 1:threads,2:processes,1:threads,2:processes --limit 600

See docs/speed.md ("Batch workers")."""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BIN = Path(sys.executable).with_name("kgsparql")


def _eval(limit: int, workers: int, pool: str, out: Path, extra: list[str]) -> float:
    args = [str(BIN), "eval", "metaqa", "--limit", str(limit), "--workers", str(workers), "--pool", pool,
            "--quiet", "--overwrite", "--json", "--out", str(out), *extra]
    t0 = time.perf_counter()
    subprocess.run(args, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - t0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", default="1:threads,2:processes", help="comma list of WORKERS:POOL")
    ap.add_argument("--limit", type=int, default=600, help="questions (seeded, split evenly over hops)")
    ap.add_argument("--data-dir", default=None)
    args = ap.parse_args(argv)
    extra = ["--data-dir", args.data_dir] if args.data_dir else []
    with tempfile.TemporaryDirectory(prefix="kgsparql-workers-") as tmp:
        _eval(3, 1, "threads", Path(tmp) / "warm.jsonl", extra)          # builds the store, the index, the export
        print(f"{'workers':>7} {'pool':>9} {'n':>5} {'wall s':>8} {'q/s':>7} {'speed-up':>8} {'Hits@1':>7} "
              f"{'same answers':>12}  load avg", flush=True)
        first = None
        for n, spec in enumerate(args.runs.split(",")):
            workers, pool = spec.split(":")
            out = Path(tmp) / f"run{n}.jsonl"
            wall = _eval(args.limit, int(workers), pool, out, extra)
            rows = [json.loads(line) for line in out.read_text().splitlines()]
            answers = [(r["id"], r["answers"]) for r in rows]
            first = first or (wall, answers)
            hits = sum(bool(r["hits1"]) for r in rows) / max(len(rows), 1)
            print(f"{workers:>7} {pool:>9} {len(rows):>5} {wall:>8.2f} {len(rows) / wall:>7.2f} "
                  f"{first[0] / wall:>8.2f} {hits:>7.3f} {str(answers == first[1]):>12}  "
                  f"{os.getloadavg()[0]:.1f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

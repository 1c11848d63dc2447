"""Batch throughput with N workers: one Asker (models loaded once, outside the timing) answers a seeded
MetaQA test sample through ``Runner.run(..., workers=N)`` for each N, on the embedded store or, with
``--rtt``, through the loopback RTT proxy in front of ``oxigraph serve-read-only``. Prints questions
per second, the speed-up over the first N, Hits@1 and whether the rows equal the first run's. An
untimed pass over the sample comes first (warm caches), unless ``--no-warmup``.

    .venv/bin/python benchmarks/batch_workers.py --workers 1,2 -n 300             # embedded store
    .venv/bin/python benchmarks/batch_workers.py --workers 1,2,4 -n 150 --rtt 50  # remote endpoint

See benchmarks/README.md."""
from __future__ import annotations

import argparse
import contextlib
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from rtt_proxy import OxigraphReadOnly, RttProxy  # noqa: E402

from kgsparql.api import Asker  # noqa: E402
from kgsparql.config import Settings  # noqa: E402
from kgsparql.eval import ensure_store, load_dataset, resolve_data_dir, sample  # noqa: E402
from kgsparql.eval.runner import Runner  # noqa: E402


def timed_run(asker, items, workers: int) -> tuple[float, list[dict]]:
    with Runner(None, quiet=True) as runner:
        t0 = time.perf_counter()
        runner.run(items, asker, workers=workers)
        return time.perf_counter() - t0, runner.rows


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--workers", default="1,2", help="comma list of worker counts")
    ap.add_argument("-n", type=int, default=300, help="questions (seeded, split evenly over hops)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--rtt", type=float, default=None, help="ask through the RTT proxy with this many ms")
    ap.add_argument("--data-dir", default=None)
    ap.add_argument("--no-warmup", action="store_true", help="skip the untimed first pass over the sample")
    args = ap.parse_args(argv)

    base = Settings.load(flags={"llm": "none"})
    parts = load_dataset("metaqa", resolve_data_dir(args.data_dir, base.data_dir))
    items = [it for p in sample(parts, args.n, args.seed) for it in p.items]
    store = str(ensure_store(parts[0].kb, base.home, base.base_iri))
    with contextlib.ExitStack() as stack:
        settings = base.replace(store=store)
        if args.rtt is not None:
            server = stack.enter_context(OxigraphReadOnly(store))
            proxy = stack.enter_context(RttProxy(server.url, args.rtt / 1000))
            home = stack.enter_context(tempfile.TemporaryDirectory(prefix="kgsparql-home-"))
            settings = base.replace(store=None, endpoint=proxy.url, cache="off", home=home, timeout=600.0)
        asker = stack.enter_context(Asker(settings))
        asker.ask(items[0].question)                       # untimed: models, label index
        if not args.no_warmup:
            timed_run(asker, items, 1)                     # untimed: store and OS caches warm for every N
        print(f"{'workers':>7} {'n':>5} {'wall s':>8} {'q/s':>7} {'speed-up':>8} {'Hits@1':>7} {'same rows':>9}")
        first = None
        for workers in (int(w) for w in args.workers.split(",")):
            wall, rows = timed_run(asker, items, workers)
            answers = [(r["id"], r["answers"]) for r in rows]
            first = first or (wall, answers)
            hits = sum(bool(r["hits1"]) for r in rows) / max(len(rows), 1)
            print(f"{workers:>7} {len(rows):>5} {wall:>8.2f} {len(rows) / wall:>7.2f} {first[0] / wall:>8.2f} "
                  f"{hits:>7.3f} {str(answers == first[1]):>9}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

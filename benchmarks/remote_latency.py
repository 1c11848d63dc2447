"""Seconds per question on a remote SPARQL endpoint: MetaQA test questions asked through a loopback
proxy (benchmarks/rtt_proxy.py) that adds a fixed delay to every request, in front of
``oxigraph serve-read-only`` over the MetaQA store. For each added RTT it prints the median and p95
seconds per question, the mean SPARQL queries and round trips per question, and Hits@1.

    .venv/bin/python benchmarks/remote_latency.py --rtt 0,50,200 -n 900      # 300 per hop
    .venv/bin/python benchmarks/remote_latency.py --rtt 50 -n 60 --json rows.json
    .venv/bin/python benchmarks/remote_latency.py --rtt 0,50 --questions tests/fixtures/questions/plain_english.jsonl

``--questions`` asks the lookups and chains of a plain-English question file (benchmarks/plain_english.py)
instead of MetaQA test questions, ``hops`` being the length of each question's chain.

The result cache is off (every question pays its queries); one untimed question first loads models.
See benchmarks/README.md."""
from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from rtt_proxy import OxigraphReadOnly, RttProxy  # noqa: E402

from kgsparql.api import Asker  # noqa: E402
from kgsparql.config import Settings  # noqa: E402
from kgsparql.errors import KGSparqlError  # noqa: E402
from kgsparql.eval import ensure_store, load_dataset, resolve_data_dir, sample  # noqa: E402
from kgsparql.eval.items import Item  # noqa: E402
from kgsparql.eval.metrics import score  # noqa: E402
from kgsparql.eval.summary import percentile  # noqa: E402


def ask_all(asker: Asker, items) -> list[dict]:
    rows = []
    for item in items:
        t0 = time.perf_counter()
        try:
            answer, error = asker.ask(item.question, id=item.id), None
            answers, stats = [str(a) for a in answer.answers], answer.stats
        except KGSparqlError as exc:
            answers, stats, error = [], {}, str(exc)
        seconds = time.perf_counter() - t0
        queries = stats.get("sparql_queries", 0)
        rows.append({"id": item.id, "hops": item.hops, "seconds": seconds, "queries": queries,
                     "round_trips": stats.get("sparql_round_trips", queries),
                     "hits1": score(answers, item.answers).hits1, "error": error})
    return rows


def plain_english_items(path: Path, data_dir: Path) -> list[Item]:
    """The answerable questions of a plain-English file, gold answers computed from the KB."""
    from plain_english import gold_answers, kb_tables, load_questions

    tables = kb_tables(Path(data_dir) / "metaqa" / "kb_dedup.txt.gz")
    return [Item(f"pe{i}", q["question"], sorted(gold_answers(tables, q["topic"], q["chain"])), len(q["chain"]))
            for i, q in enumerate(load_questions(path)) if q["kind"] != "missing"]


def summary(rows: list[dict]) -> dict:
    secs = [r["seconds"] for r in rows]
    n = max(len(rows), 1)
    return {"n": len(rows), "median_s": percentile(secs, 50), "p95_s": percentile(secs, 95),
            "median_round_trips": percentile([r["round_trips"] for r in rows], 50),
            "queries": sum(r["queries"] for r in rows) / n, "round_trips": sum(r["round_trips"] for r in rows) / n,
            "hits1": sum(r["hits1"] for r in rows) / n, "errors": sum(bool(r["error"]) for r in rows)}


def print_line(label: str, s: dict) -> None:
    print(f"{label:<14} {s['n']:>5} {s['median_s']:>9.3f} {s['p95_s']:>9.3f} {s['queries']:>9.2f} "
          f"{s['round_trips']:>12.2f} {s['median_round_trips']:>7.1f} {s['hits1']:>7.3f} {s['errors']:>6}", flush=True)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rtt", default="50", help="added milliseconds per request, a comma list (e.g. 0,50,200)")
    ap.add_argument("--connect-rtt", action="store_true", help="also charge one RTT per new connection")
    ap.add_argument("-n", type=int, default=900, help="questions (seeded, split evenly over hops)")
    ap.add_argument("--hops", default="1,2,3")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--method", default=None)
    ap.add_argument("--data-dir", default=None)
    ap.add_argument("--store", default=None, help="MetaQA store (default: built under <home>/stores)")
    ap.add_argument("--json", default=None, help="also write every row to this file")
    ap.add_argument("--questions", type=Path, default=None,
                    help="a plain-English question file: its lookups and chains instead of MetaQA test")
    args = ap.parse_args(argv)

    base = Settings.load(flags={"method": args.method, "llm": "none"})
    parts = load_dataset("metaqa", resolve_data_dir(args.data_dir, base.data_dir),
                         hops={int(h) for h in args.hops.split(",")})
    items = [it for p in sample(parts, args.n, args.seed) for it in p.items]
    if args.questions:
        items = plain_english_items(args.questions, resolve_data_dir(args.data_dir, base.data_dir))
    store = args.store or str(ensure_store(parts[0].kb, base.home, base.base_iri))
    out: dict = {}
    with OxigraphReadOnly(store) as server, RttProxy(server.url, 0.0) as proxy, \
            tempfile.TemporaryDirectory(prefix="kgsparql-home-") as home:
        # a generous timeout: the label index is read page by page before the first question
        settings = base.replace(store=None, endpoint=proxy.url, cache="off", home=home, timeout=600.0)
        with Asker(settings) as asker:
            asker.ask(items[0].question)                       # untimed: models, label index
            print(f"{'rtt ms':<14} {'n':>5} {'median s':>9} {'p95 s':>9} {'queries/q':>9} "
                  f"{'round trips/q':>12} {'median':>7} {'Hits@1':>7} {'errors':>6}")
            for rtt in (float(r) for r in args.rtt.split(",")):
                proxy.server.rtt = rtt / 1000
                proxy.server.connect_rtt = rtt / 1000 if args.connect_rtt else 0.0
                rows = ask_all(asker, items)
                out[rtt] = rows
                print_line(f"{rtt:g}", summary(rows))
                for hop in sorted({r["hops"] for r in rows}):
                    print_line(f"  {hop}-hop", summary([r for r in rows if r["hops"] == hop]))
        print(f"proxy saw {proxy.stats['requests']} requests on {proxy.stats['connections']} connections")
    if args.json:
        Path(args.json).write_text(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())

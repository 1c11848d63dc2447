"""How much does the FRAG pipeline pay for retrieval compared with the raw store?

For N MetaQA test questions (a seeded sample, split evenly over hops) each question runs through the
method with a recording endpoint in front of the embedded store: every final query text (values
bound) and the time the pipeline spent on it are kept. Then the same texts run straight on
``pyoxigraph.Store.query`` with every solution materialised. Per question it prints the pipeline's
retrieval seconds, the raw store seconds, their ratio and the end-to-end seconds; then medians and
p95s. See benchmarks/README.md.

    .venv/bin/python benchmarks/retrieval_latency.py -n 50 [--hops 1,2,3] [--llm none] [--json out.json]
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from kgsparql.api import Asker
from kgsparql.config import Settings
from kgsparql.eval import ensure_store, load_dataset, resolve_data_dir, sample
from kgsparql.eval.summary import percentile
from kgsparql.kg import KnowledgeGraph
from kgsparql.registry import load_plugin
from kgsparql.sparql import bind_values


class RecordingEndpoint:
    """Binds values itself so it sees the final text, then times the wrapped endpoint on that text."""

    def __init__(self, inner):
        self.inner, self.name, self.log = inner, inner.name, []

    def _timed(self, kind, query, bindings, timeout):
        t0 = time.perf_counter()
        text = bind_values(query, bindings)
        result = getattr(self.inner, kind)(query, bindings, timeout=timeout)
        self.log.append((kind, text, time.perf_counter() - t0))
        return result

    def select(self, query, bindings=None, *, timeout=None):
        return self._timed("select", query, bindings, timeout)

    def ask(self, query, bindings=None, *, timeout=None):
        return self._timed("ask", query, bindings, timeout)

    def close(self):
        self.inner.close()


def raw_seconds(store, text: str, repeat: int) -> float:
    """Best of ``repeat`` runs of ``text`` on the pyoxigraph store, every solution materialised."""
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        result = store.query(text)
        if hasattr(result, "variables"):      # SELECT: QuerySolutions
            names = [v.value for v in result.variables]
            _ = [[sol[n] for n in names] for sol in result]
        else:                                 # ASK: QueryBoolean
            _ = bool(result)
        best = min(best, time.perf_counter() - t0)
    return best


def build_asker(settings: Settings) -> tuple[Asker, RecordingEndpoint]:
    base = KnowledgeGraph.from_settings(settings)
    if not hasattr(base.endpoint, "store"):
        sys.exit("error: this benchmark needs the embedded store (no --endpoint)")
    rec = RecordingEndpoint(base.endpoint)
    kg = KnowledgeGraph(rec, load_plugin("adapter", settings.adapter)(rec), settings)
    return Asker(settings, kg=kg), rec


def measure(asker, rec, items, repeat: int) -> list[dict]:
    rows = []
    for item in items:
        rec.log.clear()
        t0 = time.perf_counter()
        try:
            answer, error = asker.ask(item.question, id=item.id), None
        except Exception as exc:  # noqa: BLE001 - a failed question still has timings worth seeing
            answer, error = None, f"{type(exc).__name__}: {exc}"
        e2e = time.perf_counter() - t0
        log = list(rec.log)
        pipeline = sum(s for _, _, s in log)
        raw = sum(raw_seconds(rec.inner.store, text, repeat) for _, text, _ in log)
        rows.append({"id": item.id, "hops": item.hops, "queries": len(log), "pipeline_s": pipeline,
                     "raw_s": raw, "ratio": pipeline / raw if raw > 0 else None, "e2e_s": e2e,
                     "answers": list(answer.answers[:3]) if answer else [], "error": error})
    return rows


def report(rows: list[dict]) -> None:
    print(f"{'id':<26} {'q':>4} {'pipeline s':>11} {'raw s':>9} {'ratio':>7} {'e2e s':>8}")
    for r in rows:
        ratio = f"{r['ratio']:.2f}" if r["ratio"] is not None else "-"
        print(f"{r['id']:<26} {r['queries']:>4} {r['pipeline_s']:>11.4f} {r['raw_s']:>9.4f} {ratio:>7} "
              f"{r['e2e_s']:>8.3f}{'  ' + r['error'] if r['error'] else ''}")
    print()
    for key, label in (("pipeline_s", "pipeline retrieval s/q"), ("raw_s", "raw store s/q"),
                       ("ratio", "pipeline / raw"), ("e2e_s", "end-to-end s/q"), ("queries", "SPARQL queries/q")):
        vals = [float(r[key]) for r in rows if r[key] is not None]
        print(f"{label:<24} median {percentile(vals, 50):9.4f}   p95 {percentile(vals, 95):9.4f}")
    share = sum(r["pipeline_s"] for r in rows) / max(sum(r["e2e_s"] for r in rows), 1e-9)
    print(f"{'retrieval share of e2e':<24} {share:.1%}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("-n", type=int, default=50, help="questions (seeded, split evenly over hops)")
    ap.add_argument("--hops", default="1,2,3")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--method", default=None)
    ap.add_argument("--llm", default="none")
    ap.add_argument("--data-dir", default=None)
    ap.add_argument("--store", default=None, help="MetaQA store (default: built under <home>/stores)")
    ap.add_argument("--repeat", type=int, default=3, help="raw runs per query; the best counts")
    ap.add_argument("--no-warmup", action="store_true", help="skip the untimed first pass")
    ap.add_argument("--json", default=None, help="also write every row to this file")
    args = ap.parse_args(argv)

    settings = Settings.load(flags={"method": args.method, "llm": args.llm}).replace(cache="off", endpoint=None)
    hops = {int(h) for h in args.hops.split(",")}
    parts = load_dataset("metaqa", resolve_data_dir(args.data_dir, settings.data_dir), hops=hops)
    items = [it for p in sample(parts, args.n, args.seed) for it in p.items]
    store = args.store or str(ensure_store(parts[0].kb, settings.home, settings.base_iri))
    asker, rec = build_asker(settings.replace(store=store))
    with asker:
        if not args.no_warmup:
            measure(asker, rec, items, 1)
        rows = measure(asker, rec, items, args.repeat)
    report(rows)
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())

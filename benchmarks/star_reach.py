"""How many Freebase benchmark questions have a gold answer within one or two *logical* hops of their
gold topics (the hops the Freebase adapter walks: a direct edge, a hop through a CVT that one end
enters, and, with ``star``, a star hop across a CVT that points at both ends, with ``sink``, a sink
hop across a CVT that both ends point at and that has no edge out), counted without them, with
star hops, and with both. Reads the evidence KB directly (no SPARQL, a few seconds).

    python benchmarks/star_reach.py --dataset cwq --split dev --data-dir ../shared/data
"""
from __future__ import annotations

import argparse
import json
from collections import defaultdict
from pathlib import Path

__all__ = ["logical_graph", "within"]

NAME = "http://rdf.freebase.com/ns/type.object.name"


def logical_graph(store_dir: Path) -> tuple[dict, dict, dict]:
    """Three adjacency maps over named nodes: ``plain`` (direct edges either way, CVT hops with an
    entry edge), ``star`` (star hops only) and ``sink`` (sink hops only)."""
    import pyoxigraph as ox
    from kgsparql.adapters.freebase import FreebaseAdapter

    named, out_edges = set(), defaultdict(list)
    for q in ox.Store.read_only(str(store_dir)).quads_for_pattern(None, None, None, None):
        if q.predicate.value == NAME:
            named.add(q.subject.value)
        elif isinstance(q.object, ox.NamedNode) and not FreebaseAdapter.is_noise(q.predicate.value):
            out_edges[q.subject.value].append(q.object.value)
    plain, star, sink = defaultdict(set), defaultdict(set), defaultdict(set)
    entering = defaultdict(set)            # CVT -> named nodes with an edge into it
    for s, objs in out_edges.items():
        for o in objs:
            if s in named and o in named:
                plain[s].add(o), plain[o].add(s)
            elif s in named:
                entering[o].add(s)
    for cvt in set(out_edges) - named:
        ends = {o for o in out_edges[cvt] if o in named}
        for a in entering[cvt]:
            for b in ends - {a}:
                plain[a].add(b), plain[b].add(a)
        free = ends - entering[cvt]
        for a in free:
            star[a] |= free - {a}
    for cvt, entered in entering.items():
        if out_edges.get(cvt):          # a CVT with an exit is crossed by its compound hops
            continue
        for a in entered:
            sink[a] |= entered - {a}
    return plain, star, sink


def within(graphs: list[dict], start: str, goals: set[str], hops: int) -> bool:
    seen, frontier = {start}, {start}
    for _ in range(hops):
        frontier = {v for u in frontier for g in graphs for v in g.get(u, ())} - seen
        if frontier & goals:
            return True
        seen |= frontier
    return False


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--dataset", default="cwq")
    ap.add_argument("--split", default="dev")
    ap.add_argument("--hops", type=int, default=2)
    ap.add_argument("--data-dir", type=Path, default=Path("../shared/data"))
    args = ap.parse_args()
    from kgsparql import Settings
    from kgsparql.eval import load_dataset
    from kgsparql.eval.kb import ensure_store

    parts = load_dataset(args.dataset, args.data_dir, split=args.split)
    items = [i for p in parts for i in p.items]
    base = Settings.load(flags={"llm": "none"})
    plain, star, sink = logical_graph(ensure_store(parts[0].kb, base.home, base.base_iri, quiet=True))
    counts = defaultdict(int)
    for item in items:
        goals, topics = set(item.answer_iris), [t for t in item.topic_iris if t]
        for name, graphs in (("without_star", [plain]), ("with_star", [plain, star]),
                             ("with_star_and_sink", [plain, star, sink])):
            reach = [within(graphs, t, goals, args.hops) for t in topics]
            counts[f"{name}_any_topic"] += any(reach)
            counts[f"{name}_every_topic"] += bool(reach) and all(reach)
    print(json.dumps({"dataset": args.dataset, "split": args.split, "questions": len(items),
                      "hops": args.hops, **counts}))


if __name__ == "__main__":
    main()

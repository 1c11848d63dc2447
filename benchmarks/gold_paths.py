"""What connects an unreachable miss's gold topic to its gold answers in the evidence KB: the shortest
path over the store's facts (either direction, up to ``--max-hops`` edges; a node without a name is
a CVT and is marked), and whether another entity the question names reaches a gold answer within
two edges. Reads the ``unreachable`` rows that ``qa_misses.py --out`` wrote.

    python benchmarks/qa_misses.py --results cv.jsonl --out misses.jsonl --data-dir ../shared/data
    python benchmarks/gold_paths.py --misses misses.jsonl --data-dir ../shared/data
"""
from __future__ import annotations

import argparse
import json
import re
from collections import Counter, defaultdict
from pathlib import Path

__all__ = ["shortest_path", "path_class"]

NAME = "http://rdf.freebase.com/ns/type.object.name"


def _graph(store_dir: Path) -> tuple[dict, dict]:
    """Adjacency (both directions) over the KB's non-noise facts between IRIs, and each IRI's name."""
    import pyoxigraph as ox
    from kgsparql.adapters.freebase import FreebaseAdapter

    adj, names = defaultdict(list), {}
    for q in ox.Store.read_only(str(store_dir)).quads_for_pattern(None, None, None, None):
        s, p, o = q.subject.value, q.predicate.value, q.object
        if p == NAME:
            names.setdefault(s, o.value)
        elif isinstance(o, ox.NamedNode) and not FreebaseAdapter.is_noise(p):
            adj[s].append((p.rsplit("/", 1)[-1], False, o.value))
            adj[o.value].append((p.rsplit("/", 1)[-1], True, s))
    return adj, names


def shortest_path(adj: dict, start: str, goals: set[str], max_hops: int) -> list | None:
    """``[(relation, inverse, node), ...]`` from ``start`` to the nearest goal, breadth first."""
    prev, frontier = {start: None}, [start]
    for _ in range(max_hops):
        nxt = []
        for u in frontier:
            for rel, inverse, v in adj.get(u, ()):
                if v in prev:
                    continue
                prev[v] = (u, rel, inverse)
                if v in goals:
                    path = []
                    while prev[v]:
                        u2, r2, i2 = prev[v]
                        path.append((r2, i2, v))
                        v = u2
                    return path[::-1]
                nxt.append(v)
        frontier = nxt
    return None


def path_class(path: list, names: dict) -> str:
    cvt = sum(1 for *_, node in path if node not in names)
    return f"{len(path) - cvt} named hop(s) + {cvt} CVT leg(s)"


def _norm(text: str) -> str:
    return re.sub(r"\W+", " ", text.lower()).strip()


def _row(item, topic: str | None, adj: dict, names: dict, by_name: dict, max_hops: int) -> dict:
    goals = {a for a in item.answer_iris if a in adj} | {e for a in item.answers for e in by_name.get(_norm(a), ())}
    topics = [t for t in (item.topic_iris or (topic,)) if t]
    row = {"id": item.id, "question": item.question}
    if not goals:
        return {**row, "class": "no gold answer in the KB"}
    words = f" {_norm(item.question)} "
    others = [names[e] for e in adj if e in names and e not in topics and len(_norm(names[e])) > 3
              and f" {_norm(names[e])} " in words and shortest_path(adj, e, goals, 2)]
    row["other_named_entity"] = others[:3]
    if not any(t in adj for t in topics):
        return {**row, "class": "gold topic has no facts in the KB"}
    paths = [p for p in (shortest_path(adj, t, goals, max_hops) for t in topics if t in adj) if p]
    best = min(paths, key=len) if paths else None
    shape = " ; ".join(("^" if inv else "") + rel + ("" if node in names else " [CVT]") for rel, inv, node in best) \
        if best else None
    return {**row, "class": path_class(best, names) if best else f"no path within {max_hops}",
            "shape": shape}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--misses", type=Path, required=True, help="qa_misses.py --out rows")
    ap.add_argument("--dataset", default="webqsp")
    ap.add_argument("--split", default="dev")
    ap.add_argument("--max-hops", type=int, default=5)
    ap.add_argument("--data-dir", type=Path, default=Path("../shared/data"))
    ap.add_argument("--out", type=Path, default=None, help="one JSON line per unreachable miss")
    args = ap.parse_args()
    from kgsparql import Settings
    from kgsparql.eval import load_dataset
    from kgsparql.eval.kb import ensure_store

    parts = load_dataset(args.dataset, args.data_dir, split=args.split)
    items = {i.id: i for p in parts for i in p.items}
    base = Settings.load(flags={"llm": "none"})
    adj, names = _graph(ensure_store(parts[0].kb, base.home, base.base_iri, quiet=True))
    by_name = defaultdict(set)
    for e, n in names.items():
        by_name[_norm(n)].add(e)
    misses = [json.loads(line) for line in args.misses.read_text().splitlines() if line.strip()]
    rows = [_row(items[m["id"]], m.get("gold_topic"), adj, names, by_name, args.max_hops)
            for m in misses if m["bucket"] == "unreachable" and m["id"] in items]
    if args.out:
        args.out.write_text("".join(json.dumps(r) + "\n" for r in rows))
    print(json.dumps({"unreachable": len(rows), "classes": dict(Counter(r["class"] for r in rows).most_common()),
                      "another_named_entity_within_2": sum(1 for r in rows if r.get("other_named_entity"))}))


if __name__ == "__main__":
    main()

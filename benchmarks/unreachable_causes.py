"""Why an ``unreachable`` miss (``qa_misses.py``) cannot be reached: each falls in the first cause that
fits, read from the store and from the question's own evidence triples in the data file:

- ``b_dropped_at_build``: the question's evidence names a gold answer and holds triples the KB build
  drops (a relation that is not a Freebase id even once ``split_names.mend`` has put a name split at
  a comma back together), so the path to it may be lost;
- ``e_gold_literal_absent``: the gold is a date or number and the KB holds no such value;
- ``d_label_differs``: no entity is named as the gold (as the metric compares: case and spaces set
  aside), but one within two edges of a topic has a name equal to it once accents, punctuation and a
  leading article are also set aside (a matter of form; the metric stays strict, this only counts);
- ``e_gold_absent``: no gold answer in the KB at all (neither its mid nor its name);
- ``c_second_entity``: the topic (gold or linked) has no path to the gold within two logical hops,
  but another entity the question names has;
- ``e_topic_without_facts``: the gold topic and the linked one have no facts in the KB;
- ``a_further``: a path from a topic reaches the gold in three or more logical hops (a CVT node
  and its two legs count as one); the row says how many and how many CVT nodes;
- ``e_disconnected``: the gold is in the KB, but in another part of it than the topics.

    python benchmarks/qa_misses.py --results rows.jsonl --out misses.jsonl --data-dir ../shared/data
    python benchmarks/unreachable_causes.py --misses misses.jsonl --data-dir ../shared/data --out causes.jsonl
"""
from __future__ import annotations

import argparse
import json
import re
import sys
import unicodedata
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from gold_paths import _graph, shortest_path  # noqa: E402

__all__ = ["cause_of", "loose"]

_VALUE = re.compile(r"-?\d[\d.,:-]*")


def loose(text: str) -> str:
    """A name without accents, case, punctuation or a leading article."""
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()
    return re.sub(r"^(the|a|an) ", "", re.sub(r"\W+", " ", text).strip())


def _logical(path: list, names: dict) -> tuple[int, int]:
    cvt = sum(1 for *_, node in path[:-1] if node not in names)
    return len(path) - cvt, cvt


def _near(adj: dict, starts: list[str], edges: int) -> set[str]:
    seen, frontier = set(starts), list(starts)
    for _ in range(edges):
        frontier = [v for u in frontier for _, _, v in adj.get(u, ()) if v not in seen]
        seen.update(frontier)
    return seen


def _strict(text: str) -> str:
    return " ".join(text.casefold().split())           # the metric's own comparison


def cause_of(item, raw: dict, topics: list[str], adj: dict, names: dict, by_name: dict) -> dict:
    gold_names = {loose(a) for a in item.answers}
    goals = {a for a in item.answer_iris if a in adj} | {e for a in item.answers for e in by_name.get(_strict(a), ())}
    from kgsparql.eval.split_names import is_relation_id, mend

    dropped = [tuple(t) for t in raw.get("evidence_triples") or [] if not is_relation_id(mend(*t)[1])]
    own = {loose(x) for h, _, t in raw.get("evidence_triples") or [] for x in (h, t)}
    if dropped and (own | {loose(r.rpartition(",")[0]) for _, r, _ in dropped}) & gold_names:
        return {"cause": "b_dropped_at_build", "evidence": dropped[:2]}
    if not goals:
        if all(_VALUE.fullmatch(a.strip()) for a in item.answers):
            return {"cause": "e_gold_literal_absent"}
        near = _near(adj, [t for t in topics if t in adj], 2)
        like = [names[e] for e in near if e in names and loose(names[e]) in gold_names]
        return {"cause": "d_label_differs", "store_name": like[:3]} if like else {"cause": "e_gold_absent"}
    paths = [p for p in (shortest_path(adj, t, goals, 8) for t in topics if t in adj) if p]
    hops = min((_logical(p, names) for p in paths), default=None)
    words = f" {loose(item.question)} "
    others = [names[e] for e in adj if e in names and e not in topics and len(loose(names[e])) > 3
              and f" {loose(names[e])} " in words and (p := shortest_path(adj, e, goals, 4))
              and _logical(p, names)[0] <= 2]
    if others:
        return {"cause": "c_second_entity", "other": others[:3], "topic_hops": hops}
    if not any(t in adj for t in topics):
        return {"cause": "e_topic_without_facts"}
    if hops:
        return {"cause": "a_further", "logical_hops": hops[0], "cvt_nodes": hops[1]}
    return {"cause": "e_disconnected"}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--misses", type=Path, required=True, help="qa_misses.py --out rows")
    ap.add_argument("--dataset", default="webqsp")
    ap.add_argument("--split", default="dev")
    ap.add_argument("--data-dir", type=Path, default=Path("../shared/data"))
    ap.add_argument("--out", type=Path, default=None, help="one JSON line per unreachable miss")
    args = ap.parse_args()
    from kgsparql import Settings
    from kgsparql.eval import load_dataset
    from kgsparql.eval.freebase_qa import FILES
    from kgsparql.eval.kb import ensure_store

    parts = load_dataset(args.dataset, args.data_dir, split=args.split)
    items = {i.id: i for p in parts for i in p.items}
    raw = {r["id"]: r for r in map(json.loads, (args.data_dir / args.dataset / FILES[args.dataset]).open())}
    base = Settings.load(flags={"llm": "none"})
    adj, names = _graph(ensure_store(parts[0].kb, base.home, base.base_iri, quiet=True))
    by_name = defaultdict(set)
    for e, n in names.items():
        by_name[_strict(n)].add(e)
    rows = []
    for m in map(json.loads, args.misses.read_text().splitlines()):
        if m["bucket"] != "unreachable" or m["id"] not in items:
            continue
        item = items[m["id"]]
        topics = list(dict.fromkeys(t for t in (*item.topic_iris, m.get("linked")) if t))
        rows.append({"id": item.id, "question": item.question, "answers": item.answers[:3],
                     **cause_of(item, raw[item.id], topics, adj, names, by_name)})
    if args.out:
        args.out.write_text("".join(json.dumps(r) + "\n" for r in rows))
    print(json.dumps({"unreachable": len(rows), "causes": dict(Counter(r["cause"] for r in rows).most_common())}))


if __name__ == "__main__":
    main()

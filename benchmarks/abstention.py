"""Calibrate and measure abstention on MetaQA: questions the KG answers, and the same questions about
an entity of the same kind that lacks the asked fact ("what genre is X" for a film without a genre).

    python benchmarks/abstention.py --split tune --per-hop 300 --out tune.jsonl    # features, no abstaining
    python benchmarks/abstention.py --sweep tune.jsonl                              # pick the threshold
    python benchmarks/abstention.py --split test --per-hop 300 --threshold 0.3     # report both sides

The unanswerable side is built from the dataset's own questions: the gold relation chain comes from
the question's ``qtype`` (``movie_to_director_to_movie``), and the topic is replaced by another
entity of the same kind (a film for a film, a person for a person) from which that chain reaches
nothing in the KB (under the MetaQA answer convention). Questions keep their wording; with
``--no-brackets`` the brackets go, so linking must find the new topic too.

Each row records the method's ``plan["match"]`` (the values abstention thresholds) and its answers;
``--sweep`` shows, per threshold, the share of unanswerable questions that abstain and the strict
Hits@1 of answerable ones (an abstention counts as a miss), and the threshold that keeps the
answerable cost within ``--max-cost`` while abstaining most often."""
from __future__ import annotations

import argparse
import json
import random
import re
from pathlib import Path

from plain_english import kb_tables   # benchmarks/ is on sys.path when run as a script

__all__ = ["gold_chain", "swap_topics", "sweep"]

REL = {"director": "directed_by", "writer": "written_by", "actor": "starred_actors", "genre": "has_genre",
       "year": "release_year", "language": "in_language", "tags": "has_tags", "tag": "has_tags", "imdbrating": "has_imdb_rating",
       "imdbvotes": "has_imdb_votes"}
PERSON = ("director", "writer", "actor")
_BRACKET = re.compile(r"\[([^\]]*)\]")


def gold_chain(qtype: str) -> tuple[str, list[tuple[str, bool]]]:
    """``movie_to_director_to_movie`` -> ("movie", [("directed_by", False), ("directed_by", True)])."""
    kinds = qtype.split("_to_")
    steps = []
    for a, b in zip(kinds, kinds[1:]):
        steps.append((REL[b], False) if a == "movie" else (REL[a], True))
    return kinds[0], steps


def _ends(fwd, bwd, topic: str, steps) -> set[str]:
    layer = {topic}
    for rel, inverse in steps:
        table = (bwd if inverse else fwd)[rel]
        layer = {t for n in layer for t in table.get(n, ()) if t != topic}
    return layer


def swap_topics(items: list[dict], fwd, bwd, seed: int = 0) -> list[dict]:
    """For each item, the same question about an entity of the same kind whose gold chain is empty."""
    movies = sorted({h for r in fwd.values() for h in r} - {t for r in fwd.values() for ts in r.values() for t in ts})
    people = sorted({t for k in PERSON for t in bwd[REL[k]]})
    rng, out = random.Random(seed), []
    for item in items:
        kind, steps = gold_chain(item["qtype"])
        pool = movies if kind == "movie" else people if kind in PERSON else None
        if pool is None:
            continue
        for candidate in rng.sample(pool, min(400, len(pool))):
            if candidate != item["topic"] and not _ends(fwd, bwd, candidate, steps) and "[" not in candidate:
                question = item["question"].replace(f"[{item['topic']}]", f"[{candidate}]")
                out.append({**item, "id": item["id"] + "-swap", "question": question, "topic": candidate,
                            "answers": [], "answerable": False})
                break
    return out


def load_items(data: Path, split: str, per_hop: int, seed: int) -> list[dict]:
    """``tune`` is MetaQA's held-out quarter of dev (``kgsparql.eval.items.in_tune``), never trained on."""
    from kgsparql.eval.items import in_tune

    items, file = [], "test" if split == "test" else "dev"
    for hops, sub in ((1, "vanilla"), (1, "ntm"), (2, "vanilla"), (3, "vanilla")):
        lines = (data / f"{hops}-hop" / sub / f"qa_{file}.txt").read_text(encoding="utf-8").splitlines()
        qtypes = (data / f"{hops}-hop" / f"qa_{file}_qtype.txt").read_text(encoding="utf-8").splitlines()
        rows = [(no, line, qtype) for no, line, qtype in zip(range(1, len(lines) + 1), lines, qtypes)
                if split != "tune" or in_tune(f"{hops}hop-{no:05d}")]
        for no, line, qtype in random.Random(f"{seed}:{hops}:{sub}").sample(rows, min(per_hop, len(rows))):
            question, answers = line.split("\t")
            items.append({"id": f"{sub}-{hops}hop-{split}-{no:05d}", "question": question, "qtype": qtype.strip(),
                          "topic": _BRACKET.search(question).group(1), "answers": answers.split("|"),
                          "hops": hops, "answerable": True})
    return items


def run(items: list[dict], store: str, out: Path | None, threshold: float | None, no_prior: bool = False,
        alignment_threshold: float = 0.7, prior_confident: float = 0.5) -> list[dict]:
    from kgsparql import Asker, Settings
    from kgsparql.errors import KGSparqlError
    from kgsparql.eval.metrics import hits_at_1

    t = threshold or 0.0    # the prior's threshold; with --no-prior, alignment's
    plugins = {"abstention": {"enabled": threshold is not None, "threshold": t,
                              "zero_shot_threshold": t if no_prior else alignment_threshold,
                              "prior_confident": prior_confident}}
    if no_prior:   # the zero-shot regime: what a KG the chain prior was never trained on gets
        plugins["frag"] = {"chain_model": "none"}
    rows = []
    with Asker(Settings(store=store, plugins=plugins)) as asker:
        for item in items:
            try:
                answer = asker.ask(item["question"], id=item["id"])
                got, match, abstained = list(answer.answers), answer.plan.get("match"), answer.abstained
            except KGSparqlError as exc:
                got, match, abstained = [], None, f"error: {exc}"
            rows.append({**item, "predicted": got[:5], "abstained": abstained, "match": match,
                         "hits1": bool(item["answers"]) and hits_at_1(got, item["answers"])})
    if out:
        out.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return rows


def sweep(rows: list[dict], max_cost: float, alignment_threshold: float = 0.7, prior_confident: float = 0.5) -> float:
    """Print abstention rate (unanswerable) and Hits@1 (answerable) per prior threshold, with the
    alignment view fixed at ``alignment_threshold`` (with --no-prior rows, the alignment threshold is
    swept instead); return the threshold that abstains most within ``max_cost``."""
    pos = [r for r in rows if r["answerable"]]
    neg = [r for r in rows if not r["answerable"]]
    base = sum(r["hits1"] for r in pos) / len(pos)
    has_prior = any("prior" in (r["match"] or {}) for r in rows)

    def answers(r, t):
        m = r["match"] or {}
        if has_prior:
            return m.get("prior", 0.0) >= t or (m.get("alignment", 0.0) >= alignment_threshold
                                                and m.get("prior_top", 0.0) < prior_confident)
        return m.get("alignment", 0.0) >= t

    best, best_rate = 0.0, -1.0
    print(f"answerable {len(pos)} (Hits@1 {base:.3f} without abstaining), unanswerable {len(neg)}; "
          f"sweeping the {'prior' if has_prior else 'alignment'} threshold")
    print("threshold  abstains  answerable Hits@1  cost")
    for t in [x / 100 for x in range(0, 101, 5)]:
        rate = sum(not answers(r, t) for r in neg) / len(neg)
        hits = sum(r["hits1"] and answers(r, t) for r in pos) / len(pos)
        print(f"{t:9.2f}  {rate:8.3f}  {hits:17.3f}  {base - hits:.3f}")
        if base - hits <= max_cost and rate > best_rate:
            best, best_rate = t, rate
    print(f"pick: threshold {best:.2f} (abstains on {best_rate:.3f}, cost <= {max_cost})")
    return best


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--data-dir", default="../shared/data")
    ap.add_argument("--split", default="tune", choices=("tune", "dev", "test"))
    ap.add_argument("--per-hop", type=int, default=300)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--store", default=None, help="MetaQA store (default: the one kgsparql eval builds)")
    ap.add_argument("--no-brackets", action="store_true")
    ap.add_argument("--threshold", type=float, default=None, help="abstain below this (default: record only)")
    ap.add_argument("--out", type=Path, default=None)
    ap.add_argument("--sweep", type=Path, default=None, help="only sweep an --out file")
    ap.add_argument("--max-cost", type=float, default=0.01)
    ap.add_argument("--alignment-threshold", type=float, default=0.7, help="fixed while the prior's is swept")
    ap.add_argument("--prior-confident", type=float, default=0.5, help="alignment counts below this prior top")
    ap.add_argument("--no-prior", action="store_true", help="FRAG without its chain prior (zero-shot regime)")
    args = ap.parse_args()
    if args.sweep:
        sweep([json.loads(line) for line in args.sweep.read_text().splitlines()], args.max_cost,
              args.alignment_threshold, args.prior_confident)
        return
    from kgsparql import Settings

    data = Path(args.data_dir) / "metaqa"
    store = args.store or str(Settings().home_path / "stores" / "metaqa")
    fwd, bwd = kb_tables(data / "kb_dedup.txt.gz")
    items = load_items(data, args.split, args.per_hop, args.seed)
    items += swap_topics(items, fwd, bwd, args.seed)
    if args.no_brackets:
        items = [{**it, "question": it["question"].replace("[", "").replace("]", "")} for it in items]
    rows = run(items, store, args.out, args.threshold, args.no_prior, args.alignment_threshold, args.prior_confident)
    pos = [r for r in rows if r["answerable"]]
    neg = [r for r in rows if not r["answerable"]]
    print(f"answerable: {len(pos)}, strict Hits@1 {sum(r['hits1'] for r in pos) / len(pos):.3f}, "
          f"abstained on {sum(bool(r['abstained']) for r in pos) / len(pos):.3f}")
    print(f"unanswerable: {len(neg)}, abstained on {sum(bool(r['abstained']) for r in neg) / len(neg):.3f}")
    if args.threshold is None:
        sweep(rows, args.max_cost, args.alignment_threshold, args.prior_confident)


if __name__ == "__main__":
    main()

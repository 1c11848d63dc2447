"""Per-item outputs of the default settings, with no LLM, written so that two code states can be
compared with ``diff -r``: a refactoring that keeps behaviour leaves the folders identical.

    python benchmarks/same_outputs.py OUT_DIR                     # every set below
    python benchmarks/same_outputs.py OUT_DIR --sets claims_test --per-hop 20 --factkg 50
    diff -r before/ after/

Sets (one JSONL file each, one line per item, in input order):
- ``metaqa_{1,2,3}hop``: a seeded sample of the MetaQA test split (``--per-hop`` per hop, the
  sample ``kgsparql eval metaqa --limit`` draws), asked on the MetaQA store;
- ``plain_english``, ``planning_dev``, ``planning_test``: the hand-written question files under
  ``tests/fixtures/questions``, asked on the same store;
- ``claims_dev``, ``claims_test``: the claim files under ``tests/fixtures/claims``, verified on
  the bundled demo KG;
- ``factkg``: a seeded sample of FactKG test claims (``--factkg``, the sample ``kgsparql eval
  factkg --limit`` draws), verified on the store built from the split's evidence.

A line holds what a reader sees: answers, abstention, evidence paths and scores, the plan, or the
verdict, its evidence and explanation. Stats are left out (timings, cache hits and query counts are
not behaviour). A ``KGSparqlError`` is written as the line's ``error``."""
from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
FIXTURES = HERE.parent / "tests" / "fixtures"
QUESTION_SETS = ("plain_english", "planning_dev", "planning_test")
CLAIM_SETS = ("claims_dev", "claims_test")
ALL_SETS = ("metaqa", *QUESTION_SETS, *CLAIM_SETS, "factkg")

__all__ = ["main", "ALL_SETS"]


def _jsonl(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def _write(path: Path, rows: list[dict]) -> None:
    path.write_text("".join(json.dumps(r, ensure_ascii=False, sort_keys=True) + "\n" for r in rows),
                    encoding="utf-8")
    print(f"{path.name}: {len(rows)} rows", file=sys.stderr, flush=True)


def _outputs(run, text: str, item_id: str | None) -> dict:
    from kgsparql.errors import KGSparqlError

    try:
        row = run(text, id=item_id).to_json()
    except KGSparqlError as exc:
        return {"id": item_id, "text": text, "error": str(exc)}
    row.pop("stats", None)
    return {"id": item_id, "text": text, **row}


def _metaqa_store(settings, data_dir: Path):
    from kgsparql.eval.datasets import load_dataset
    from kgsparql.eval.kb import ensure_store

    parts = load_dataset("metaqa", data_dir, split="test", hops={1, 2, 3})
    return parts, ensure_store(parts[0].kb, settings.home, settings.base_iri, quiet=True)


def _questions(out: Path, sets: set[str], settings, data_dir: Path, per_hop: int) -> None:
    from kgsparql import Asker
    from kgsparql.eval.datasets import DATASETS, sample

    parts, store = _metaqa_store(settings, data_dir)
    qa = settings.replace(store=str(store), walks=DATASETS["metaqa"].walks)
    with Asker(qa) as asker:
        if "metaqa" in sets:
            for part in sample(parts, per_hop * len(parts), seed=0):
                rows = [_outputs(asker.ask, it.question, it.id) for it in part.items]
                _write(out / f"metaqa_{part.items[0].hops}hop.jsonl", rows)
    plain = settings.replace(store=str(store))      # the benchmarks' settings: the default walks
    with Asker(plain) as asker:
        for name in QUESTION_SETS:
            if name in sets:
                questions = _jsonl(FIXTURES / "questions" / f"{name}.jsonl")
                _write(out / f"{name}.jsonl", [_outputs(asker.ask, q["question"], q.get("id", str(i)))
                                               for i, q in enumerate(questions)])


def _claims(out: Path, sets: set[str], settings) -> None:
    from kgsparql import Verifier

    with Verifier(settings.replace(store=None, endpoint=None)) as verifier:
        for name in CLAIM_SETS:
            if name in sets:
                claims = _jsonl(FIXTURES / "claims" / f"{name}.jsonl")
                _write(out / f"{name}.jsonl", [_outputs(verifier.verify, c["claim"], c.get("id", str(i)))
                                               for i, c in enumerate(claims)])


def _factkg(out: Path, settings, data_dir: Path, limit: int) -> None:
    from kgsparql import Verifier
    from kgsparql.eval.factkg import load_factkg
    from kgsparql.eval.factkg_store import factkg_store

    claims = load_factkg(data_dir, "test", "llm_v1")
    store = factkg_store(claims, "factkg-llm_v1-test", settings.home, settings.base_iri, quiet=True)
    chosen = set(sorted((c.id for c in claims),
                        key=lambda i: hashlib.sha256(f"0:{i}".encode()).hexdigest())[:limit])
    with Verifier(settings.replace(store=str(store), endpoint=None, adapter="dbpedia")) as verifier:
        _write(out / "factkg.jsonl", [_outputs(verifier.verify, c.claim, c.id) for c in claims if c.id in chosen])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out", type=Path, help="folder for the JSONL files (created)")
    ap.add_argument("--sets", default=",".join(ALL_SETS), help=f"comma list of {', '.join(ALL_SETS)}")
    ap.add_argument("--per-hop", type=int, default=300, help="MetaQA questions per hop")
    ap.add_argument("--factkg", type=int, default=500, help="FactKG claims")
    ap.add_argument("--data-dir", type=Path, default=HERE.parent.parent / "shared" / "data")
    args = ap.parse_args(argv)
    from kgsparql import Settings

    sets = {s.strip() for s in args.sets.split(",") if s.strip()}
    if sets - set(ALL_SETS):
        ap.error(f"unknown set(s): {', '.join(sorted(sets - set(ALL_SETS)))}")
    settings = Settings.load(flags={"llm": "none"})
    args.out.mkdir(parents=True, exist_ok=True)
    if sets & {"metaqa", *QUESTION_SETS}:
        _questions(args.out, sets, settings, args.data_dir, args.per_hop)
    if sets & set(CLAIM_SETS):
        _claims(args.out, sets, settings)
    if "factkg" in sets:
        _factkg(args.out, settings, args.data_dir, args.factkg)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

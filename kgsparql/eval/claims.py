"""Claim-verification evaluation (``kgsparql eval factkg``): one JSON line per claim as it goes
(``--out``, ``--resume``), then accuracy overall, per gold label, and per claim form.

FactKG is binary (supported or not), and its labels read DBpedia as a closed world: a negated claim
("X did not have a successor") is supported exactly when DBpedia lacks what it denies. So a
``not_enough_info`` verdict — the KG shows nothing that bears on the claim — counts as "not
supported" for a plain claim and as "supported" for a negated one (nothing found of what it denies:
``binary_label``); its share is reported beside the accuracy. The files here
carry no reasoning types (``<data>/factkg/SOURCE.md``), so the per-type table is by the form the
verifier read in the claim (negated, counting, date comparison, how many entities it linked): a
description of the claims, not FactKG's own labels."""
from __future__ import annotations

import sys
import time
from collections import defaultdict
from typing import Iterable

from ..errors import KGSparqlError
from ..parallel import ordered_map
from .factkg import FactClaim
from .results import ResultsFile

__all__ = ["run_claims", "summarize_claims", "claim_row", "format_claims", "binary_label"]


def _form(plan: dict) -> str:
    entities = len(plan.get("entities") or [])
    if plan.get("negated"):
        return "negated"
    if entities == 0:
        return "no entity linked"
    return "one entity" if entities == 1 else ("two entities" if entities == 2 else "three or more entities")


def binary_label(verdict: str, negated: bool) -> bool:
    """A verdict as FactKG's label: ``not_enough_info`` is the label of a claim whose negation the
    KG does not show (closed world: not supported when plain, supported when negated)."""
    return negated if verdict == "not_enough_info" else verdict == "true"


def claim_row(claim: FactClaim, result: dict | None, seconds: float, error: str | None = None) -> dict:
    verdict = (result or {}).get("verdict", "not_enough_info")
    plan = (result or {}).get("plan", {})
    row = {"id": claim.id, "claim": claim.claim, "gold": claim.label, "verdict": verdict,
           "right": binary_label(verdict, bool(plan.get("negated"))) == claim.label, "form": _form(plan),
           "explanation": (result or {}).get("explanation", ""),
           "stats": (result or {}).get("stats", {"seconds": round(seconds, 6)})}
    if "rule_verdict" in plan:       # a trained head decided: what the rules alone said
        row["rule_verdict"] = plan["rule_verdict"]
    if error is not None:
        row["error"] = error
    return row


def run_claims(claims: Iterable[FactClaim], verifier, results: ResultsFile, *, quiet: bool = False,
               workers: int = 1) -> int:
    """Verify every claim not in ``results`` yet, ``workers`` at a time (rows in input order); a
    KGSparqlError is recorded in its row."""
    from tqdm import tqdm

    todo = [c for c in claims if c.id not in results.done]
    right = 0
    with tqdm(total=len(todo), unit="claim", file=sys.stderr, dynamic_ncols=True,
              disable=quiet or not sys.stderr.isatty()) as bar:
        for n, row in enumerate(ordered_map(lambda c: _verify_row(c, verifier), todo, workers), 1):
            results.append(row)
            right += row["right"]
            bar.set_postfix_str(f"accuracy {right / n:.3f}", refresh=False)
            bar.update(1)
    return len(todo)


def _verify_row(claim: FactClaim, verifier) -> dict:
    t0 = time.perf_counter()
    try:
        return claim_row(claim, verifier.verify(claim.claim, id=claim.id).to_json(), 0.0)
    except KGSparqlError as exc:
        return claim_row(claim, None, time.perf_counter() - t0, str(exc))


def _group(rows: list[dict], headed: bool = False) -> dict:
    n = len(rows)
    stats = [r.get("stats", {}) for r in rows]
    return {"n": n, "accuracy": round(sum(r["right"] for r in rows) / n, 4) if n else 0.0,
            "not_enough_info": round(sum(r["verdict"] == "not_enough_info" for r in rows) / n, 4) if n else 0.0,
            "errors": sum("error" in r for r in rows),
            "sparql_per_claim": round(sum(s.get("sparql_queries", 0) for s in stats) / n, 2) if n else 0.0,
            "llm_calls_per_claim": round(sum(s.get("llm_calls", 0) for s in stats) / n, 2) if n else 0.0,
            "seconds_per_claim": round(sum(s.get("seconds", 0.0) for s in stats) / n, 4) if n else 0.0,
            **(_rules(rows) if headed and n else {})}


def _rules(rows: list[dict]) -> dict:
    """With a trained head: the accuracy and NEI share the rule path alone had on the same claims."""
    ruled = [r.get("rule_verdict", r["verdict"]) for r in rows]     # where the head did not decide, the rules did
    right = [binary_label(v, r["form"] == "negated") == r["gold"] for v, r in zip(ruled, rows)]
    return {"rule_accuracy": round(sum(right) / len(rows), 4),
            "rule_not_enough_info": round(ruled.count("not_enough_info") / len(rows), 4)}


def summarize_claims(rows: list[dict]) -> dict:
    by_label, by_form = defaultdict(list), defaultdict(list)
    for r in rows:
        by_label["supported" if r["gold"] else "refuted"].append(r)
        by_form[r["form"]].append(r)
    headed = any("rule_verdict" in r for r in rows)        # a trained head decided some claims
    return {"overall": _group(rows, headed), "by_label": {k: _group(v, headed) for k, v in sorted(by_label.items())},
            "by_form": {k: _group(v, headed) for k, v in sorted(by_form.items())}}


def format_claims(summary: dict) -> str:
    ruled = "rule_accuracy" in summary["overall"]
    extra = f" {'rules':>6} {'NEI':>6}" if ruled else ""
    lines = [f"{'':28} {'n':>6} {'accuracy':>9} {'NEI':>6} {'SPARQL/claim':>13} {'LLM/claim':>10} {'s/claim':>8}{extra}"]
    def line(name, g):
        more = f" {g.get('rule_accuracy', 0):>6.3f} {g.get('rule_not_enough_info', 0):>6.3f}" if ruled else ""
        lines.append(f"{name:28} {g['n']:>6} {g['accuracy']:>9.3f} {g['not_enough_info']:>6.3f} "
                     f"{g['sparql_per_claim']:>13.1f} {g['llm_calls_per_claim']:>10.2f} {g['seconds_per_claim']:>8.3f}{more}")
    line("overall", summary["overall"])
    for section in ("by_label", "by_form"):
        for name, g in summary[section].items():
            line(f"  {name}", g)
    return "\n".join(lines)

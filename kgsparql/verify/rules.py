"""The rule-based decision over sub-claim results, and the explanation assembled from evidence.

- every sub-claim supported -> true; any contradicted -> false; otherwise not_enough_info
  (a conjunction needs every part);
- a negated claim flips true and false (not_enough_info stays); with a negator in each of its
  clauses every part is denied: false when any part holds, true when all are contradicted; one
  negator in the clause of some parts only denies those parts (``verify/negation.denied_parts``)."""
from __future__ import annotations

from dataclasses import replace

from .result import CONTRADICTED, SUPPORTED, SubClaim

__all__ = ["decide", "explain", "flip"]


def flip(verdict: str) -> str:
    return {"true": "false", "false": "true"}.get(verdict, verdict)


def decide(parts: list[SubClaim], negated: bool, each: bool = False, denied: tuple = ()) -> str:
    """``each``: every part is denied on its own ("not born in X, and did not play for Y"), so the
    claim is false when any part holds and true when every part is contradicted. ``denied``: per
    part, whether the negation is its own ("born in X but not in Y"): those parts are flipped, the
    others read as written, and the claim needs every one of them."""
    if not parts:
        return "not_enough_info"
    if denied:
        return decide([_flipped(p) if d else p for p, d in zip(parts, denied)], negated=False)
    if negated and each:
        if any(p.status == SUPPORTED for p in parts):
            return "false"
        return "true" if all(p.status == CONTRADICTED for p in parts) else "not_enough_info"
    if any(p.status == CONTRADICTED for p in parts):
        verdict = "false"
    elif all(p.status == SUPPORTED for p in parts):
        verdict = "true"
    else:
        return "not_enough_info"
    return flip(verdict) if negated else verdict


def _flipped(part: SubClaim) -> SubClaim:
    status = {SUPPORTED: CONTRADICTED, CONTRADICTED: SUPPORTED}.get(part.status, part.status)
    return replace(part, status=status)


def explain(verdict: str, parts: list[SubClaim], negated: bool, reason: str = "", denied: tuple = ()) -> str:
    """One sentence: the verdict and the sub-claim results that decided it (with ``denied``, the
    parts that do not hold as the claim states them)."""
    if not parts:
        return f"Not enough information: {reason or 'no evidence in the KG bears on the claim'}."
    stated = [_flipped(p) if d else p for p, d in zip(parts, denied)] if denied else parts
    deciding = [p for p, s in zip(parts, stated) if s.status == CONTRADICTED] or parts
    because = "; ".join(p.reason for p in deciding if p.reason)
    lead = {"true": "True", "false": "False", "not_enough_info": "Not enough information"}[verdict]
    said = " (a part of the claim is negated)" if denied else " (the claim is negated)"
    negation = said if negated and verdict != "not_enough_info" else ""
    return f"{lead}{negation}: {because}."

"""What verification returns: sub-claim results and the claim's ``Verdict``."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..types import Entity, Path

__all__ = ["SubClaim", "Verdict", "VERDICTS", "SUPPORTED", "CONTRADICTED", "UNKNOWN"]

VERDICTS = ("true", "false", "not_enough_info")
SUPPORTED, CONTRADICTED, UNKNOWN = "supported", "contradicted", "unknown"


@dataclass(frozen=True)
class SubClaim:
    """One single-relation part of a claim and what the KG says about it. ``evidence`` pairs a path
    with whether it supports (True) or contradicts (False) the sub-claim."""

    text: str                                   # the sub-claim in words
    status: str                                 # supported | contradicted | unknown
    evidence: tuple[tuple[Path, bool], ...] = ()
    reason: str = ""                            # one sentence: why this status
    entities: tuple[Entity, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"text": self.text, "status": self.status, "reason": self.reason,
                "entities": [e.name for e in self.entities]}


@dataclass(frozen=True)
class Verdict:
    """A claim's verdict (``true`` | ``false`` | ``not_enough_info``), the evidence behind it, a
    one-sentence explanation, the stats of the run and the plan (sub-claims, negation, decision)."""

    claim: str
    verdict: str
    evidence: tuple[tuple[Path, bool], ...] = ()
    explanation: str = ""
    stats: dict[str, Any] = field(default_factory=dict)
    plan: dict[str, Any] = field(default_factory=dict)
    id: str | None = None

    def __post_init__(self) -> None:
        if self.verdict not in VERDICTS:
            raise ValueError(f"verdict must be one of {VERDICTS}, not {self.verdict!r}")

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "claim": self.claim, "verdict": self.verdict,
                "evidence": [{"path": p.to_json(), "supports": bool(s)} for p, s in self.evidence],
                "explanation": self.explanation, "stats": dict(self.stats), "plan": dict(self.plan)}

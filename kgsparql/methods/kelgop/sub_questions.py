"""What a plan is made of: the answered sub-question and the outcome of one category's plan."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...types import Entity

__all__ = ["SubQuestion", "Outcome"]


@dataclass
class SubQuestion:
    """One answered sub-question: its text (``[#k]`` marks an earlier answer), answers, end entities."""

    question: str
    answers: tuple[str, ...] = ()
    entities: tuple[Entity, ...] = ()
    chain: tuple | None = None
    evidence: list = field(default_factory=list)
    prior: float = 0.0          # the chain prior's probability when it chose this very chain (else 0)
    answered_by: str = ""       # the atomic answerer's own "answered_by" (paths, llm, fallback)
    match: dict | None = None   # how well its chain matches the question (abstention's ``plan["match"]``)

    def to_json(self) -> dict[str, Any]:
        return {"question": self.question, "answers": list(self.answers[:10]), "n_answers": len(self.answers),
                **({"match": self.match} if self.match else {})}


@dataclass
class Outcome:
    category: str
    answers: tuple[str, ...] = ()
    subs: list[SubQuestion] = field(default_factory=list)
    aggregate: dict[str, Any] | None = None
    note: str = ""
    missing: str = ""           # the KG lacks what the plan needs (no values to compare): abstain, don't guess
    refused: str = ""           # abstention refuses the plan's answer (a count of what no word names): why

    @property
    def sufficient(self) -> bool:
        return bool(self.answers)

    @property
    def evidence(self) -> list:
        return [e for s in self.subs for e in s.evidence]

    def to_json(self) -> dict[str, Any]:
        out = {"category": self.category, "sub_questions": [s.to_json() for s in self.subs],
               "sufficient": self.sufficient}
        if self.aggregate:
            out["aggregate"] = self.aggregate
        if self.note:
            out["note"] = self.note
        return out

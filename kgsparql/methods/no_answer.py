"""The answer that is no answer: ``abstain`` (no answers, a one-line reason, the evidence considered)."""
from __future__ import annotations

from typing import Any, Sequence

from ..types import Answer, Entity, Path

__all__ = ["abstain", "NO_ENTITY"]

NO_ENTITY = "no entity of the knowledge graph was found in the question"


def abstain(question: str, reason: str, evidence: Sequence[tuple[Path, float]] = (),
            entities: Sequence[Entity] = (), plan: dict[str, Any] | None = None, id: str | None = None) -> Answer:
    """"Not in the KG": no answers, the one-line ``reason``, and the evidence that was considered."""
    plan = {**(plan or {}), "answered_by": "abstained"}
    return Answer(question, (), tuple(evidence), {}, tuple(entities), plan, id, abstained=reason)

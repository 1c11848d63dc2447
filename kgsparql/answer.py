"""The answer every method returns: ranked answers, their evidence paths and what they cost.

Re-exported by ``kgsparql.types`` beside the graph vocabulary it is built from."""
from __future__ import annotations

from dataclasses import KW_ONLY, dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .types import Entity, Path

__all__ = ["Answer"]


@dataclass(frozen=True)
class Answer:
    """What every method returns: ranked answers, the evidence behind them, and what it cost.
    ``abstained`` is the one-line reason there is no answer when the KG does not hold one
    (``answers`` is then empty and ``evidence`` holds what was considered)."""

    question: str
    answers: tuple[str, ...]
    _: KW_ONLY
    evidence: tuple[tuple[Path, float], ...] = ()
    stats: dict[str, Any] = field(default_factory=dict)
    entities: tuple[Entity, ...] = ()
    plan: dict[str, Any] = field(default_factory=dict)
    id: str | None = None
    abstained: str | None = None

    def __post_init__(self) -> None:
        if self.abstained is not None and self.answers:
            raise ValueError("an answer that abstains has no answers")

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "question": self.question,
            "answers": list(self.answers),
            "abstained": self.abstained,
            "evidence": [{"path": p.to_json(), "score": round(float(s), 6)} for p, s in self.evidence],
            "stats": dict(self.stats),
            "plan": dict(self.plan),
        }

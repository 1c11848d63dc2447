"""``Match``: how well the relation chain a method chose matches the question, as abstention
measured it (``methods.abstention.RelationMatch.assess``; shown in ``plan["match"]``)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

__all__ = ["Match"]


@dataclass(frozen=True)
class Match:
    """How well a chain matches a question: one value per view, and the views that recognise it."""

    chain: str
    parts: dict[str, float] = field(default_factory=dict)
    recognised: tuple[str, ...] = ()
    wanted: str | None = None             # a KG relation the question names that the chain does not use
    outside: str | None = None            # a relation the KG lacks that the question names instead
    hops: tuple[str, ...] = ()            # the chain's relations in words, hop order (not shown)

    def to_json(self) -> dict[str, Any]:
        return {"chain": self.chain, "recognised": list(self.recognised), "wanted": self.wanted,
                **({"outside_relation": self.outside} if self.outside else {}),
                **{k: round(v, 4) for k, v in self.parts.items()}}

    def prior_when_chosen(self) -> float:
        """The prior's probability of its favourite when that favourite is this chain, else 0."""
        shown = {k: round(v, 4) for k, v in self.parts.items()}
        return shown.get("prior_top", 0.0) if shown.get("prior", 0.0) >= 0.999 else 0.0

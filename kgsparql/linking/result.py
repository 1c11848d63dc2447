"""What linking returns: mentions in the question, each with scored candidate entities."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..errors import LinkingError
from ..types import Entity
from .topics import MASK, mask_spans

__all__ = ["Candidate", "Mention", "LinkResult"]


@dataclass(frozen=True)
class Candidate:
    entity: Entity
    score: float                 # in [0, 1]; see docs/linking.md for its parts


@dataclass(frozen=True)
class Mention:
    """A span of ``LinkResult.question_text`` (``text == question_text[start:end]``) and its
    candidates, best first. Readings of overlapping spans are folded into the best mention."""

    text: str
    start: int
    end: int
    candidates: list[Candidate] = field(default_factory=list)

    @property
    def best(self) -> Candidate | None:
        return self.candidates[0] if self.candidates else None

    @property
    def score(self) -> float:
        return self.candidates[0].score if self.candidates else 0.0


@dataclass(frozen=True)
class LinkResult:
    """``question_text`` is the question with ``[`` ``]`` removed; mentions are best first."""

    question_text: str
    mentions: list[Mention]
    bracketed: bool = False

    @property
    def top(self) -> Entity | None:
        """The best candidate of the best mention."""
        best = self.mentions[0].best if self.mentions else None
        return best.entity if best else None

    @property
    def topic_mention(self) -> Mention | None:
        """The mention the question is about: the best one that has candidates."""
        return next((m for m in self.mentions if m.candidates), None)

    def topics(self) -> list[Entity]:
        """The topic entities: the best candidate of the topic mention. ``LinkingError`` when the
        question names nothing the KG holds."""
        mention = self.topic_mention
        if mention is None:
            raise LinkingError("no entity of the knowledge graph was found in the question")
        return [mention.candidates[0].entity]

    def masked(self, mask: str = MASK) -> str:
        """The question with the topic mention replaced by ``mask`` (the question's shape)."""
        mention = self.topic_mention
        return mask_spans(self.question_text, [(mention.start, mention.end)] if mention else [], mask)

    def entities(self, per_mention: int = 1, min_score: float = 0.0) -> list[Entity]:
        """Up to ``per_mention`` candidates of every mention, in mention order, without repeats."""
        out: list[Entity] = []
        for m in self.mentions:
            out.extend(c.entity for c in m.candidates[:per_mention] if c.score >= min_score)
        return list(dict.fromkeys(out))

    def to_json(self) -> dict[str, Any]:
        return {"question": self.question_text, "bracketed": self.bracketed, "mentions": [
            {"text": m.text, "start": m.start, "end": m.end,
             "candidates": [{**c.entity.to_json(), "score": round(c.score, 4)} for c in m.candidates]}
            for m in self.mentions]}

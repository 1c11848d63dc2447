"""The seam between a planner and the method that answers its sub-questions.

A planner (KELGoP) finds the topic entities of a sub-question itself and hands them to an answerer
(FRAG by default, any registered method that is a ``TopicAnswerer``). The answerer returns a
``TopicAnswer``: the ``Answer`` plus what the planner builds on, typed, so that it never reads the
answerer's free-form ``plan`` nor follows its relation chain a second time."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol, Sequence, runtime_checkable

from ..types import Answer, Entity, Relation

__all__ = ["TopicAnswer", "TopicAnswerer"]

Chain = tuple[Relation, ...]


@dataclass(frozen=True)
class TopicAnswer:
    answer: Answer
    chain: tuple[Relation, ...] = ()       # the relation chain followed from the topics (empty: none)
    entities: tuple[Entity, ...] = ()      # the chain's end entities named by ``answer.answers``, in that order
    prior: float = 0.0                     # the chain prior's probability when it chose this very chain, else 0

    @property
    def answered_by(self) -> str:
        return self.answer.plan.get("answered_by", "")


@runtime_checkable
class TopicAnswerer(Protocol):
    """A method that answers a question about topic entities its caller has already found."""

    name: str

    def answer(self, question: str, *, id: str | None = None) -> Answer: ...

    def answer_about(self, question: str, topics: Sequence[Entity], masked: str, *, id: str | None = None,
                     max_hops: int | None = None, check: bool = True) -> TopicAnswer:
        """``question`` about ``topics`` (``masked``: the question with the topic replaced by the mask);
        ``max_hops`` bounds the chain, ``check=False`` skips the abstention check (the caller checks
        its whole plan instead)."""
        ...

    def rank_chains(self, masked: str, chains: Sequence[Chain]) -> list[tuple[Chain, float]]:
        """``chains`` with how well each matches the (masked) question, best first."""
        ...

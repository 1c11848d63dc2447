"""The sub-question plan: one sub-question per hop (LLM-free), "#k" references to earlier answers
and their substitution into later sub-questions."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

from ...llm.evidence import verbalize_fact, verbalize_path
from ...prompts.kgrag.parsers import REFERENCE
from ...types import IRI, Entity, Path, Relation, Triple

__all__ = ["SubQuestion", "chain_steps", "rewrite", "references"]

_UNKNOWN = Entity(IRI("urn:kgsparql:unknown"), "?")


@dataclass
class SubQuestion:
    """One sub-question: as planned, as rewritten with earlier answers, and what answered it."""

    question: str
    relation: Relation | None = None                    # the hop it asks, when the plan knows it
    rewritten: str = ""
    answers: list[Entity] = field(default_factory=list)
    support: list[tuple[Triple, float]] = field(default_factory=list)   # chosen triples, ranked
    candidates: int = 0
    answered_by: str = ""

    def to_json(self, shown: int = 10) -> dict[str, Any]:
        return {"question": self.question, "rewritten": self.rewritten,
                "relation": self.relation.name if self.relation else None,
                "answers": [e.name for e in self.answers[:shown]], "n_answers": len(self.answers),
                "triples": [verbalize_fact(t) for t, _ in self.support[:5]],
                "candidates": self.candidates, "answered_by": self.answered_by}


def chain_steps(chain: Sequence[Relation], topic_name: str, relation_text) -> list[SubQuestion]:
    """The LLM-free decomposition: one sub-question per hop of the chain retrieval found, written
    as the hop to follow, "#k" standing for the answers of sub-question k."""
    steps = []
    for i, relation in enumerate(chain):
        head = Entity(IRI("urn:kgsparql:step"), topic_name if i == 0 else f"#{i}")
        steps.append(SubQuestion(verbalize_path(Path((Triple(head, relation, _UNKNOWN),)), relation_text), relation))
    return steps


def references(question: str) -> list[int]:
    """0-based indices of the earlier sub-questions ``question`` refers to ("#1" -> 0)."""
    return [int(k) - 1 for k in REFERENCE.findall(question)]


def rewrite(question: str, steps: Sequence[SubQuestion], names: int) -> str:
    """``question`` with each "#k" replaced by the names of sub-question k's first answers."""
    def names_of(match) -> str:
        k = int(match.group(1)) - 1
        answers = steps[k].answers if 0 <= k < len(steps) else []
        return ", ".join(e.name for e in answers[:names]) or match.group(0)

    return REFERENCE.sub(names_of, question)

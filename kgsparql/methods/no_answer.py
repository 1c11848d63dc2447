"""The answer that is no answer: ``abstain`` (no answers, a one-line reason, the evidence considered),
the reasons every method gives, and ``link_or_abstain``, the first step of every method's ``answer``."""
from __future__ import annotations

from typing import Any, Sequence

from ..types import Answer, Entity, Path

__all__ = ["abstain", "link_or_abstain", "no_fact", "NO_ENTITY"]

NO_ENTITY = "no entity of the knowledge graph was found in the question"


def abstain(question: str, reason: str, evidence: Sequence[tuple[Path, float]] = (),
            entities: Sequence[Entity] = (), plan: dict[str, Any] | None = None, id: str | None = None) -> Answer:
    """"Not in the KG": no answers, the one-line ``reason``, and the evidence that was considered."""
    plan = {**(plan or {}), "answered_by": "abstained"}
    return Answer(question, (), evidence=tuple(evidence), entities=tuple(entities), plan=plan, id=id,
                  abstained=reason)


def no_fact(topic: Entity, *, that_answers: bool = True) -> str:
    """The reason when nothing was found around the topic entity."""
    return f"the KG holds no fact about {topic.name}" + (" that answers this" if that_answers else "")


def link_or_abstain(linker, question: str, id: str | None = None):
    """``(link, None)`` for a question that names an entity of the KG; ``(link, answer)`` with the
    abstaining answer (reason ``NO_ENTITY``) for one that does not."""
    link = linker.link(question)
    if link.topic_mention is None:
        return link, abstain(question, NO_ENTITY, (), (), {"linking": link.to_json()}, id)
    return link, None

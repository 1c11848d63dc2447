"""The atomic answerer: one sub-question about given topic entities, answered by FRAG."""
from __future__ import annotations

from ...errors import ConfigError
from ..topic_answer import TopicAnswerer
from .sub_questions import SubQuestion

__all__ = ["Atomic"]


class Atomic:
    """Answers one sub-question about given topic entities with the atomic method (FRAG by
    default: any registered method that is a ``TopicAnswerer``)."""

    def __init__(self, ctx, method: TopicAnswerer):
        if not isinstance(method, TopicAnswerer):
            raise ConfigError(f"method {method.name!r} cannot answer sub-questions (no answer_about)")
        self.ctx, self.method = ctx, method

    def ask(self, text: str, topics, masked: str, max_hops: int | None = None, check: bool = True) -> SubQuestion:
        found = self.method.answer_about(text, list(topics), masked, max_hops=max_hops, check=check)
        answer = found.answer
        match = answer.plan.get("match")
        if answer.abstained or not found.chain:
            return SubQuestion(text, evidence=list(answer.evidence), match=match)
        return SubQuestion(text, tuple(answer.answers), found.entities, found.chain, list(answer.evidence), found.prior,
                           found.answered_by, match)

    def ask_text(self, text: str) -> SubQuestion:
        """A sub-question in words: its entity is linked first."""
        link = self.ctx.linker.link(text)
        if link.topic_mention is None:
            return SubQuestion(text)
        return self.ask(text, link.topics(), link.masked())

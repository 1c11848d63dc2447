"""The atomic answerer: one sub-question about given topic entities, answered by FRAG."""
from __future__ import annotations

from ...errors import ConfigError
from ...learn import parse_chain_key
from ...retrieval import NEIGHBOR_LIMIT, follow_chain
from .sub_questions import Sub

__all__ = ["Atomic"]


class Atomic:
    """Answers one sub-question about given topic entities with the atomic method (FRAG)."""

    def __init__(self, ctx, method):
        if not hasattr(method, "answer_about"):
            raise ConfigError(f"method {method.name!r} cannot answer sub-questions (no answer_about)")
        self.ctx, self.method = ctx, method

    def ask(self, text: str, topics, masked: str, max_hops: int | None = None, check: bool = True) -> Sub:
        answer = self.method.answer_about(text, list(topics), masked, max_hops=max_hops, check=check)
        key = answer.plan.get("chain_key")
        if answer.abstained or not key:
            return Sub(text, evidence=list(answer.evidence))
        chain = parse_chain_key(key)
        ends = {e.name: e for e in follow_chain(self.ctx.adapter, list(topics), chain, walks=self.ctx.walks,
                                                limit=NEIGHBOR_LIMIT).answers}   # the queries FRAG just ran: memo hits
        entities = tuple(ends[n] for n in answer.answers if n in ends)
        match = answer.plan.get("match", {}).get("parts", answer.plan.get("match", {}))
        prior = float(match.get("prior_top", 0.0)) if float(match.get("prior", 0.0)) >= 0.999 else 0.0
        return Sub(text, tuple(answer.answers), entities, chain, list(answer.evidence), prior,
                   answer.plan.get("answered_by", ""))

    def ask_text(self, text: str) -> Sub:
        """A sub-question in words: its entity is linked first."""
        link = self.ctx.linker.link(text)
        if link.topic_mention is None:
            return Sub(text)
        return self.ask(text, link.topics(), link.masked())

"""FRAG's use of the answer-type word (``methods/answer_type.py``): the order of the ranked chains,
the chain it recognises, and the fact it says the KG lacks. One per FRAG instance."""
from __future__ import annotations

from dataclasses import dataclass, replace

from ...rank.mentions import answer_type_word, asks_for_like
from ..answer_type import ends_as_wanted, framed_kind, prefer_named_length, prefer_typed, wanted_labels

__all__ = ["AnswerTyping", "TypedOrder"]


@dataclass(frozen=True)
class TypedOrder:
    ranked: list            # (chain, score), best first
    wanted: frozenset       # relation labels the answer-type word alone names ("which **directors**")
    framed: frozenset       # the label a "kind of" phrase means ("what **kind of movie**")


class AnswerTyping:
    def __init__(self, ctx, verbalize, verbalize_chain):
        self.ctx, self.verbalize, self.verbalize_chain = ctx, verbalize, verbalize_chain

    def order(self, masked: str, ranked, like: bool) -> TypedOrder:
        """The chain that ends where the answer-type word points goes first, and a question that
        names no relation takes no hop beyond the first (unless it asks for entities like its topic,
        which is a walk out and back)."""
        labels = sorted({self.verbalize(r) for c, _ in ranked[:8] for r in c})
        aligner = self.ctx.ranker("alignment")
        named = like or asks_for_like(masked) or not labels or bool(aligner.question_evidence(masked, labels))
        wanted = wanted_labels(aligner, masked, labels)
        framed = set() if wanted else framed_kind(aligner.matcher, aligner.names, masked,
                                                   self.ctx.abstention.vocabulary())
        others = self._named_by_others(aligner, masked, labels) if wanted else None
        ranked = prefer_typed(prefer_named_length(ranked, named), wanted | framed, self.verbalize, named=others)
        return TypedOrder(ranked, frozenset(wanted), frozenset(framed))

    def _named_by_others(self, aligner, masked: str, labels) -> frozenset[str] | None:
        """On a KG of few relations, the labels that words other than the answer-type word name: the
        answer-type word does not take away a relation another word asks for (``prefer_typed``)."""
        if not self.ctx.abstention.few_relations():
            return None
        word = answer_type_word(masked)
        evidence = aligner.evidence(masked, labels)
        return frozenset(label for w, found in evidence.items() if w != word for label in found)

    def recognise(self, match, order: TypedOrder, best):
        """A chain ending where the answer-type word alone points ("which **directors** has X worked
        with": ``cast member (reverse) ; director``) is recognised by that word, unless the question
        names another relation of the KG that the chain leaves out (``match.wanted``)."""
        if not order.wanted or match.recognised or match.wanted or not ends_as_wanted(best, order.wanted, self.verbalize):
            return match
        return replace(match, recognised=("answer type",))

    def missing(self, topics, best, order: TypedOrder) -> str | None:
        """Why to abstain when the best chain does not end where a "kind of" phrase points, and that
        relation is one the topic's kind usually holds and the topic lacks ("what kind of movie is X"
        on a film with no genre recorded): two batched queries, asked only for such a question."""
        kinds, options, framed = self.ctx.abstention.kinds, self.ctx.abstention.options, order.framed
        if not framed or kinds is None or not options.enabled or ends_as_wanted(best, framed, self.verbalize):
            return None
        shares, own = kinds.share(topics, best[0], sorted(framed)), kinds.held(topics)
        lacking = [w for w in sorted(framed) if shares.get(w, 0.0) >= options.kind_share and w not in own]
        return (f"the KG has no '{lacking[0]}' for {topics[0].name} (the closest it holds is "
                f"'{self.verbalize_chain(best)}', which does not match the question)") if lacking else None

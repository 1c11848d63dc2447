"""FRAG's chain order on a KG whose chains no prior knows (another KG than the prior's): a hop back
to the topic's kind or on past the hop the question names must be asked for; on a KG of few
relations, head words, the grammar's direction, the kind of answer asked for and a nested phrase's
second hop order the candidates too (docs/methods/frag.md, docs/meaning.md "Small KGs")."""
from __future__ import annotations

from dataclasses import replace

from ...meaning import question_shape
from ...rank.mentions import asks_for_like, like_through_phrase
from ..chain_length import prefer_extension, prefer_prefixes, prefer_return, returns_to_topic
from .bridges import nest_walked_through, nests
from .grammar_order import (head_word_first, many_ends_first, passive_first, preposition_first,
                            role_noun_first)

__all__ = ["ZeroShotOrder", "walks_back"]


def walks_back(chain, masked: str) -> bool:
    """The chain's last hop walks its previous hop backwards, and nothing in the question asks for the
    way back: it returns to a middle layer (``citizen of (reverse) ; designer (reverse) ; designer``:
    from the designers to their games and back to designers, the chain's own bridge), or to the
    topic's kind where the question names only one relation (no phrase nests the topic: "which range
    is X part of" is not the other peaks of X's range; "who studied under *the teacher of* X" names
    the hop twice). The earlier hop's words name it too, so only a word of its own asks for it, or a
    question about entities like the topic (``asks_for_like``)."""
    if len(chain) < 2 or chain[-1] != chain[-2].reversed() or asks_for_like(masked):
        return False
    return len(chain) >= 3 or not nests(masked)


class ZeroShotOrder:
    """``ctx``: the method context (abstention, the alignment ranker); ``adapter``: the KG's adapter;
    ``verbalize_chain``: chain -> words; ``kind_fit``: a ``KindFit`` or None; ``params``: ``FragOptions``."""

    def __init__(self, ctx, adapter, verbalize_chain, kind_fit, params):
        self.ctx, self.adapter, self.verbalize_chain = ctx, adapter, verbalize_chain
        self.kind_fit, self.params = kind_fit, params

    def small_kg(self) -> bool:
        """The answer kind and head words order the chains only on a KG of few relations: on the Freebase
        evidence KBs (464 relations) they moved right WebQSP test answers behind wrong ones (3 lost)."""
        return self.kind_fit is not None and self.ctx.abstention.few_relations()

    def last_hop(self, masked: str, chain, only: bool = False) -> int:
        """Whether the question asks for the chain's last hop itself: 1 when it asks for entities like
        the topic ("who acted alongside X") or its words align better with the chain than with its
        prefix, -1 when they align better with the prefix (the last hop only repeats a word an
        earlier hop used: "who plays for X" and ``plays in club ; plays position``), else 0.
        ``only``: 1 only when the words name the last hop and nothing of the prefix."""
        if asks_for_like(masked) and not only:
            return 1
        prefix, whole = self.ctx.ranker("alignment").rank(
            masked, [self.verbalize_chain(chain[:-1]), self.verbalize_chain(chain)])
        if only and prefix > 0:
            return 0
        return (whole > prefix) - (prefix > whole)

    def order(self, question: str, masked: str, topics, ranked, found) -> tuple[list, bool]:
        """An extra hop back to the topic's kind must be asked for; a "who" question for entities like
        the topic ("who has acted alongside X") takes the chain that comes back. Also whether the
        question asks for such entities."""
        def goes_behind(c) -> bool:     # a return nothing asks for, or a hop only the prefix's words name
            if walks_back(c, masked):                                # back along one relation:
                return self.last_hop(masked, c, only=True) <= 0          # only its own words ask for it
            asked = self.last_hop(masked, c)
            return asked < 0 or (asked == 0 and returns_to_topic(
                self.adapter, topics, c, {p.triples[-1].head for p in found.groups.get(c, ())}))
        ranked = prefer_extension(prefer_prefixes(ranked, goes_behind), lambda c: self.last_hop(masked, c, only=True) > 0)
        verbalize = self.adapter.verbalize
        small = self.small_kg()
        if small and self.ctx.abstention.options.head_words:        # "lead developer" is not "developer"
            ranked = head_word_first(masked, ranked, verbalize)
        ranked = passive_first(masked, ranked, verbalize)   # "which languages influenced X"
        if small:          # "where was X recorded": ``recorded at``, not ``recorded by``
            ranked = preposition_first(question, ranked, verbalize)
        like = asks_for_like(masked) and (question_shape(question).answer == "person" or like_through_phrase(masked))
        if small:          # the kind of answer asked for ("when", "where") has the last word
            ranked = self.kind_fit.prefer(question, ranked, found.ends)
        if small and not like and self.params.nested_hops:      # "where is the label of X based": two hops
            ranked = nest_walked_through(masked, ranked, lambda c: self.kind_fit.fits(question, c, found.ends.get(c, ())))
        return (prefer_return(ranked) if like else ranked), like

    def by_number(self, masked: str, typed, found, unknown: bool):
        """After the answer-type order (``typed``, a ``TypedOrder``), on a small KG no prior knows:
        "the *moons* of X" takes the way of a relation between things of one kind that reaches several
        (``many_ends_first``); "the *members* of ..." the way of ``has member`` that reaches them
        (``role_noun_first``)."""
        if not unknown or not self.small_kg():
            return typed
        ranked = role_noun_first(masked, typed.ranked, self.adapter.verbalize)
        return replace(typed, ranked=many_ends_first(masked, ranked, found.ends))

    def unfit(self, question: str, ranked, found) -> frozenset:
        """Relations whose values are not the kind of answer asked for (small KGs only)."""
        return self.kind_fit.unfit(question, ranked, found.ends) if self.small_kg() else frozenset()

    def entity_fit(self, question: str, chain, found):
        """Reads, when called, how well a one-hop ``chain``'s ends fit the person or place the question
        asks for (``KindFit.fit``), on a KG of few relations; None for any other question or chain."""
        kind = self.kind_fit.asked(question) if self.small_kg() and len(chain) == 1 else None
        if kind not in ("person", "place"):
            return None
        return lambda: self.kind_fit.fit(kind, chain, found.ends.get(chain, ()))

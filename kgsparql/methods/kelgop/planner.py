"""KELGoP's category-specific plans without an LLM: each decomposes the question from its category and
the relation chain retrieval finds, answers the sub-questions in order with the atomic answerer, and
lets the KG count, compare, filter or intersect (the comparisons: ``comparison.Comparer``)."""
from __future__ import annotations

from .comparison import Comparer
from .composition import Composer
from .conjunction import intersect
from .answerer import Atomic
from .categories import Shape
from .sub_questions import Outcome, SubQuestion
from .aggregation import count_answers, held_count, held_extreme
from .lexicon import direction, strip_count, strip_superlative
from .held_superlative import held_by_relation

__all__ = ["Planner"]


class Planner(Composer, Comparer):
    """One plan per category over the atomic answerer; ``depth`` bounds nested compositions."""

    def __init__(self, ctx, atomic: Atomic, per_entity: int, depth: int, trust_prior: float = 0.6):
        self.ctx, self.atomic, self.per_entity, self.depth = ctx, atomic, per_entity, depth
        self.trust_prior = trust_prior
        self.adapter = ctx.adapter

    def run(self, category: str, question: str, link, shape: Shape) -> Outcome:
        return getattr(self, category)(question, link, shape)

    # -- the base answer of a question (atomic, or one composition deep) --------------------------
    def resolve(self, text: str, topics, masked: str, *, check: bool = True, original=None) -> list[SubQuestion]:
        """The base answers of a planned question (the question without its count, superlative or
        filter words): one composition deep when the words nest, else the atomic answerer; when the
        answerer finds nothing for the stripped words, the ``original`` (text, masked) question."""
        comps = self.compositions(masked) if self.depth > 0 else []
        if comps and self.direct(text, topics, masked) is None:
            for comp, hops in comps:
                subs = self.compose(comp, topics, hops)
                if subs[-1].answers:
                    return subs
        hops = max(1, len(self.relation_labels(masked)))    # one hop per relation the words name
        sub = self.atomic.ask(text, topics, masked, max_hops=hops, check=check)
        if not sub.answers and original is not None:
            sub = self.atomic.ask(original[0], topics, original[1], max_hops=hops, check=check)
        return [sub]

    def direct(self, text: str, topics, masked: str) -> SubQuestion | None:
        """The atomic answer when the answerer's trained chain prior is sure of it (a phrasing it was
        trained on: it knows the chain better than the words' nesting); else None."""
        sub = self.atomic.ask(text, topics, masked)
        return sub if sub.answers and sub.prior >= self.trust_prior else None

    # -- the categories -----------------------------------------------------------------------------
    def simple(self, question: str, link, shape: Shape) -> Outcome:
        subs = [self.atomic.ask(question, link.topics(), link.masked())]
        return Outcome("simple", subs[0].answers, subs)

    def composition(self, question: str, link, shape: Shape) -> Outcome:
        topics, masked = link.topics(), link.masked()
        direct = self.direct(question, topics, masked)
        if direct is not None:
            return Outcome("composition", direct.answers, [direct], note="the chain prior knows this question")
        for comp, hops in self.compositions(masked):
            subs = self.compose(comp, topics, hops)
            if subs[-1].answers:
                return Outcome("composition", subs[-1].answers, subs)
        return Outcome("composition", note="no nested phrase gave answers")

    def count(self, question: str, link, shape: Shape) -> Outcome:
        topics = link.topics()
        subs = self.resolve(strip_count(question), topics, strip_count(link.masked()),
                            original=(question, link.masked()))
        last = subs[-1]
        if not last.answers:
            return Outcome("count", subs=subs, note="nothing to count")
        chain = last.chain if len(subs) == 1 else None
        held = held_count(self.adapter, chain, last.entities)
        if held is not None:
            return Outcome("count", held, subs, {"op": "count", "by": "value held", "value": held[0]})
        abstention = self.ctx.abstention        # a count of what no word of the question names
        refused = abstention.uncounted_reason(last.match, topics[0].name) if abstention and chain and topics else None
        if refused:
            return Outcome("count", subs=subs, note="nothing named to count", refused=refused)
        n, how = count_answers(self.adapter, topics, chain, last.answers)
        subs.append(SubQuestion(f"how many are [#{len(subs)}]", (str(n),)))
        return Outcome("count", (str(n),), subs, {"op": "count", "by": how, "value": n})

    def superlative(self, question: str, link, shape: Shape) -> Outcome:
        topics, word = link.topics(), shape.cues.superlative
        named = held_by_relation(self, question, link, word) if word else None   # "the *first* ascent"
        if named is not None:
            return named
        subs = self.resolve(strip_superlative(question), topics, strip_superlative(link.masked()), check=False)
        held = self._held_superlative(question, link, word, subs) if word else None
        if held is not None:
            return held
        entities, attribute = self.candidates(subs, topics)
        return self._extreme("superlative", word, subs, entities, shape, attribute)

    def _held_superlative(self, question: str, link, word: str, subs: list[SubQuestion]) -> Outcome | None:
        """The first/last/highest of the topic's own values, where one checked hop reaches them from the
        topic, read with the superlative word set aside or, failing that, with it ("In what year was X
        *first* climbed?" along ``first ascent year``); None when the superlative compares other things
        or the question nests ("when did *the language of X* first appear")."""
        if len(subs) != 1:
            return None
        topics, masked = link.topics(), link.masked()
        for text, words in ((strip_superlative(question), strip_superlative(masked)), (question, masked)):
            sub = self.atomic.ask(text, topics, words)
            held = held_extreme(self.adapter, sub.chain, sub.entities, word)
            if held:
                return Outcome("superlative", held, [sub], {"op": direction(word, True), "by": "value held",
                                                            "word": word})
        return None

    def comparative(self, question: str, link, shape: Shape) -> Outcome:
        if shape.cues.filter:
            return self._filter(question, shape)
        entities = list(shape.entities[:2])
        names = tuple(e.name for e in entities)
        subs = [SubQuestion(f"which of {' or '.join(names)}", names, tuple(entities))]
        return self._extreme("comparative", shape.cues.comparison, subs, entities, shape)

    def conjunction(self, question: str, link, shape: Shape) -> Outcome:
        return intersect(self, question, shape)

"""KELGoP's category-specific plans without an LLM: each decomposes the question from its category and
the relation chain retrieval finds, answers the sub-questions in order with the atomic answerer, and
lets the KG count, compare, filter or intersect (``plan_aggregate``)."""
from __future__ import annotations

from ...retrieval import follow_chain
from .composition import Composer
from .conjunction import intersect
from .answerer import Atomic
from .categories import Shape
from .sub_questions import Outcome, SubQuestion
from .aggregation import Attribute, count_answers, extreme, numeric_attributes, pick_attribute, value_filter
from .lexicon import strip_count, strip_filter, strip_superlative

__all__ = ["Planner"]


class Planner(Composer):
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

    def candidates(self, subs: list[SubQuestion], topics) -> tuple[list, "Attribute | None"]:
        """The entities to compare: the base answers when they have numbers or dates; else, along the
        chain retrieval found, the last entities that do: when the chain ends in the values themselves
        ("which film came out first" -> film ; release year) the entities one hop before, with that
        hop as the attribute; when it overshoots ("movies with X" -> ... ; has genre), a prefix."""
        last = subs[-1]
        chain = last.chain
        if len(subs) > 1 or not chain:
            return list(last.entities), None
        ends = lambda k: list(follow_chain(self.adapter, list(topics), chain[:k], walks=self.ctx.walks).answers)
        if len(chain) >= 2:
            before = ends(len(chain) - 1)
            attrs = [a for a in numeric_attributes(self.adapter, before) if a.relation.key() == chain[-1].key()]
            if attrs:
                return self._cut(subs, before, len(chain) - 1), attrs[0]
        if numeric_attributes(self.adapter, last.entities):
            return list(last.entities), None
        for k in range(len(chain) - 1, 0, -1):
            before = ends(k)
            if numeric_attributes(self.adapter, before):
                return self._cut(subs, before, k), None
        return list(last.entities), None

    @staticmethod
    def _cut(subs: list[SubQuestion], entities: list, k: int) -> list:
        last = subs[-1]
        subs[-1] = SubQuestion(last.question, tuple(e.name for e in entities), tuple(entities), last.chain[:k],
                               last.evidence)
        return entities

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
        n, how = count_answers(self.adapter, topics, last.chain if len(subs) == 1 else None, last.answers)
        subs.append(SubQuestion(f"how many are [#{len(subs)}]", (str(n),)))
        return Outcome("count", (str(n),), subs, {"op": "count", "by": how, "value": n})

    def superlative(self, question: str, link, shape: Shape) -> Outcome:
        topics = link.topics()
        subs = self.resolve(strip_superlative(question), topics, strip_superlative(link.masked()), check=False)
        entities, attribute = self.candidates(subs, topics)
        return self._extreme("superlative", shape.cues.superlative, subs, entities, shape, attribute)

    def comparative(self, question: str, link, shape: Shape) -> Outcome:
        if shape.cues.filter:
            return self._filter(question, shape)
        entities = list(shape.entities[:2])
        names = tuple(e.name for e in entities)
        subs = [SubQuestion(f"which of {' or '.join(names)}", names, tuple(entities))]
        return self._extreme("comparative", shape.cues.comparison, subs, entities, shape)

    def conjunction(self, question: str, link, shape: Shape) -> Outcome:
        return intersect(self, question, shape)

    # -- aggregation --------------------------------------------------------------------------------
    def _attribute(self, entities, shape: Shape):
        attrs = numeric_attributes(self.adapter, entities)
        return pick_attribute(self.ctx.ranker("embedding"), shape.masked, attrs)

    def _extreme(self, category: str, word: str | None, subs: list[SubQuestion], entities, shape: Shape,
                 attribute=None) -> Outcome:
        if not entities or not word:
            return Outcome(category, subs=subs, note="no candidates to compare")
        ranking = [{"relation": attribute.text, "from": "the chain"}] if attribute else []
        if attribute is None:
            attribute, ranking = self._attribute(entities, shape)
        if attribute is None:
            return Outcome(category, subs=subs, note="the candidates have no numeric or date attribute",
                           missing=_no_values(entities))
        rows, op = extreme(self.adapter, entities, attribute, word)
        values = {r.entity: r.value.value for r in rows}
        winners = [e for e in dict.fromkeys(entities) if e in values]
        names = self._names(winners)
        subs.append(SubQuestion(f"which of [#{len(subs)}] has the {op[3:]} {attribute.text}", names, tuple(winners)))
        agg = {"op": op, "attribute": attribute.to_json(), "word": word, "ranking": ranking,
               "values": {e.name: values[e] for e in winners}}
        return Outcome(category, names, subs, agg)

    def _filter(self, question: str, shape: Shape) -> Outcome:
        base = strip_filter(question)
        link = self.ctx.linker.link(base)
        if link.topic_mention is None:
            return Outcome("comparative", note="no entity left once the value is set aside")
        subs = self.resolve(base, link.topics(), link.masked(), check=False)
        entities, attribute = self.candidates(subs, link.topics())
        ranking = [{"relation": attribute.text, "from": "the chain"}] if attribute else []
        if attribute is None and entities:
            attribute, ranking = self._attribute(entities, shape)
        if attribute is None:
            return Outcome("comparative", subs=subs, note="no numeric or date attribute to filter on",
                           missing=_no_values(entities) if entities else "")
        rows, how = value_filter(self.adapter, entities, attribute, shape.cues.filter)
        kept = {r.entity for r in rows}
        names = self._names([e for e in dict.fromkeys(entities) if e in kept])
        subs.append(SubQuestion(f"which of [#{len(subs)}] have {attribute.text} {how}", names))
        return Outcome("comparative", names, subs, {"op": "filter", "attribute": attribute.to_json(),
                                                    "filter": how, "ranking": ranking})

    @staticmethod
    def _names(entities) -> tuple[str, ...]:
        return tuple(dict.fromkeys(e.name for e in entities))


def _no_values(entities) -> str:
    """Why the KG cannot answer a comparison of ``entities``: none of them has a number or a date.
    Empty for a single candidate: there is nothing to compare, so the base question's answer stands
    ("the last time X won the Super Bowl" where the KG holds one such win)."""
    names = list(dict.fromkeys(e.name for e in entities))
    if len(names) < 2:
        return ""
    shown = ", ".join(names[:3]) + (f" and {len(names) - 3} more" if len(names) > 3 else "")
    return f"the KG holds no numbers or dates to compare {shown} on"

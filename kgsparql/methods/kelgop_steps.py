"""KELGoP's category-specific plans without an LLM: each decomposes the question from its category and
the relation chain retrieval finds, answers the sub-questions in order with the atomic answerer, and
lets the KG count, compare, filter or intersect (``plan_aggregate``)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..linking.topics import MASK
from .kelgop_parts import Atomic, Shape, Sub
from .plan_aggregate import count_answers, extreme, numeric_attributes, pick_attribute, value_filter
from .plan_lexicon import compositions, strip_count, strip_filter, strip_superlative

__all__ = ["Outcome", "Planner"]


@dataclass
class Outcome:
    category: str
    answers: tuple[str, ...] = ()
    subs: list[Sub] = field(default_factory=list)
    aggregate: dict[str, Any] | None = None
    note: str = ""

    @property
    def sufficient(self) -> bool:
        return bool(self.answers)

    @property
    def evidence(self) -> list:
        return [e for s in self.subs for e in s.evidence]

    def to_json(self) -> dict[str, Any]:
        out = {"category": self.category, "sub_questions": [s.to_json() for s in self.subs],
               "sufficient": self.sufficient}
        if self.aggregate:
            out["aggregate"] = self.aggregate
        if self.note:
            out["note"] = self.note
        return out


class Planner:
    """One plan per category over the atomic answerer; ``depth`` bounds nested compositions."""

    def __init__(self, ctx, atomic: Atomic, per_entity: int, depth: int):
        self.ctx, self.atomic, self.per_entity, self.depth = ctx, atomic, per_entity, depth
        self.adapter = ctx.adapter

    def run(self, category: str, question: str, link, shape: Shape) -> Outcome:
        return getattr(self, category)(question, link, shape)

    # -- the base answer of a question (atomic, or one composition deep) --------------------------
    def resolve(self, text: str, topics, masked: str, depth: int | None = None) -> list[Sub]:
        depth = self.depth if depth is None else depth
        if depth > 0:
            for comp, hops in self.compositions(masked):
                subs = self._compose(comp, topics, hops)
                if subs[-1].answers:
                    return subs
        return [self.atomic.ask(text, topics, masked)]

    def relation_labels(self, text: str) -> set[str]:
        """The KG relations the words of ``text`` name (the alignment ranker over the KG's vocabulary)."""
        evidence = self.ctx.ranker("alignment").evidence(text, self.ctx.abstention.vocabulary())
        return {label for found in evidence.values() for label in found}

    def compositions(self, masked: str) -> list:
        """The nested phrases that make a composition, each with the hops of its (inner, outer)
        sub-questions: one per relation the sub-question names. "the N of X" counts only when N names
        a relation and the outer question names another one or asks for *other* things; otherwise
        it restates a lookup ("who was in the cast of X")."""
        out = []
        for comp in compositions(masked, MASK):
            inner, outer = self.relation_labels(comp.inner), self.relation_labels(comp.outer)
            if comp.kind == "of" and not (inner and (outer - inner or comp.other)):
                continue
            extra = 1 if comp.kind == "share" else 0
            out.append((comp, (max(1, len(inner)), max(1, len(outer) + extra))))
        return out

    def _compose(self, comp, topics, hops=(1, 1)) -> list[Sub]:
        name = topics[0].name
        inner = self.atomic.ask(comp.inner.replace(MASK, name), topics, comp.inner, max_hops=hops[0])
        answers, entities, evidence = {}, {}, []
        for entity in inner.entities[: self.per_entity]:
            sub = self.atomic.ask(comp.outer.replace(MASK, entity.name), [entity], comp.outer, max_hops=hops[1],
                                  check=False)
            evidence.extend(sub.evidence)
            for n, e in zip(sub.answers, sub.entities or (None,) * len(sub.answers)):
                if e is not None and e in topics:
                    continue
                answers.setdefault(n, None)
                if e is not None:
                    entities.setdefault(e, None)
        outer = Sub(comp.outer.replace(MASK, "[#1]"), tuple(answers), tuple(entities), None, evidence)
        return [inner, outer]

    # -- the categories -----------------------------------------------------------------------------
    def simple(self, question: str, link, shape: Shape) -> Outcome:
        subs = [self.atomic.ask(question, link.topics(), link.masked())]
        return Outcome("simple", subs[0].answers, subs)

    def composition(self, question: str, link, shape: Shape) -> Outcome:
        topics, masked = link.topics(), link.masked()
        for comp, hops in self.compositions(masked):
            subs = self._compose(comp, topics, hops)
            if subs[-1].answers:
                return Outcome("composition", subs[-1].answers, subs)
        return Outcome("composition", note="no nested phrase gave answers")

    def count(self, question: str, link, shape: Shape) -> Outcome:
        topics = link.topics()
        subs = self.resolve(strip_count(question), topics, strip_count(link.masked()))
        last = subs[-1]
        if not last.answers:
            return Outcome("count", subs=subs, note="nothing to count")
        n, how = count_answers(self.adapter, topics, last.chain if len(subs) == 1 else None, last.answers)
        subs.append(Sub(f"how many are [#{len(subs)}]", (str(n),)))
        return Outcome("count", (str(n),), subs, {"op": "count", "by": how, "value": n})

    def superlative(self, question: str, link, shape: Shape) -> Outcome:
        subs = self.resolve(strip_superlative(question), link.topics(), strip_superlative(link.masked()))
        return self._extreme("superlative", shape.cues.superlative, subs, list(subs[-1].entities), shape)

    def comparative(self, question: str, link, shape: Shape) -> Outcome:
        if shape.cues.filter:
            return self._filter(question, shape)
        entities = list(shape.entities[:2])
        subs = [Sub(f"which of {' or '.join(e.name for e in entities)}", tuple(e.name for e in entities), tuple(entities))]
        return self._extreme("comparative", shape.cues.comparison, subs, entities, shape)

    def conjunction(self, question: str, link, shape: Shape) -> Outcome:
        from .kelgop_conjunction import intersect

        return intersect(self, question, shape)

    # -- aggregation --------------------------------------------------------------------------------
    def _attribute(self, entities, shape: Shape):
        attrs = numeric_attributes(self.adapter, entities)
        return pick_attribute(self.ctx.ranker("embedding"), shape.masked, attrs)

    def _extreme(self, category: str, word: str | None, subs: list[Sub], entities, shape: Shape) -> Outcome:
        if not entities or not word:
            return Outcome(category, subs=subs, note="no candidates to compare")
        attribute, ranking = self._attribute(entities, shape)
        if attribute is None:
            return Outcome(category, subs=subs, note="the candidates have no numeric or date attribute")
        rows, op = extreme(self.adapter, entities, attribute, word)
        values = {r.entity: r.value.value for r in rows}
        winners = [e for e in dict.fromkeys(entities) if e in values]
        names = self._names(winners)
        subs.append(Sub(f"which of [#{len(subs)}] has the {op[3:]} {attribute.text}", names, tuple(winners)))
        agg = {"op": op, "attribute": attribute.to_json(), "word": word, "ranking": ranking,
               "values": {e.name: values[e] for e in winners}}
        return Outcome(category, names, subs, agg)

    def _filter(self, question: str, shape: Shape) -> Outcome:
        base = strip_filter(question)
        link = self.ctx.linker.link(base)
        if link.topic_mention is None:
            return Outcome("comparative", note="no entity left once the value is set aside")
        subs = self.resolve(base, link.topics(), link.masked())
        entities = list(subs[-1].entities)
        attribute, ranking = self._attribute(entities, shape) if entities else (None, [])
        if attribute is None:
            return Outcome("comparative", subs=subs, note="no numeric or date attribute to filter on")
        rows, how = value_filter(self.adapter, entities, attribute, shape.cues.filter)
        kept = {r.entity for r in rows}
        names = self._names([e for e in dict.fromkeys(entities) if e in kept])
        subs.append(Sub(f"which of [#{len(subs)}] have {attribute.text} {how}", names))
        return Outcome("comparative", names, subs, {"op": "filter", "attribute": attribute.to_json(),
                                                    "filter": how, "ranking": ranking})

    @staticmethod
    def _names(entities) -> tuple[str, ...]:
        return tuple(dict.fromkeys(e.name for e in entities))

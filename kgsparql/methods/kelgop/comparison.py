"""KELGoP's comparisons without an LLM: the candidates a superlative, a comparison or a value filter
compares (the base answers, or the entities one hop before when the chain ends in the values), the
numeric or date attribute they are compared on, and the KG's ``aggregate`` call that compares them."""
from __future__ import annotations

from ...retrieval import follow_chain
from .aggregation import Attribute, extreme, numeric_attributes, pick_attribute, value_filter
from .categories import Shape
from .label_years import LABEL_YEAR, filter_by_label, latest_by_label
from .lexicon import strip_filter
from .sub_questions import Outcome, SubQuestion

__all__ = ["Comparer"]


class Comparer:
    """Mixed into the planner: needs ``ctx``, ``adapter`` and ``resolve``."""

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
            by_label = self._by_label(category, subs, *latest_by_label(entities, word), word=word)
            return by_label or Outcome(category, subs=subs, note="the candidates have no numeric or date attribute",
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
            by_label = self._by_label("comparative", subs, *filter_by_label(entities, shape.cues.filter))
            return by_label or Outcome("comparative", subs=subs, note="no numeric or date attribute to filter on",
                                       missing=_no_values(entities) if entities else "")
        rows, how = value_filter(self.adapter, entities, attribute, shape.cues.filter)
        kept = {r.entity for r in rows}
        names = self._names([e for e in dict.fromkeys(entities) if e in kept])
        subs.append(SubQuestion(f"which of [#{len(subs)}] have {attribute.text} {how}", names))
        return Outcome("comparative", names, subs, {"op": "filter", "attribute": attribute.to_json(),
                                                    "filter": how, "ranking": ranking})

    def _by_label(self, category: str, subs: list[SubQuestion], winners: list, how: str, years: dict,
                  word: str | None = None) -> Outcome | None:
        """The candidates compared on the year their labels write (``label_years``: the KG holds no
        dated fact for them); None when the labels hold no years to compare, or none passes."""
        if not winners:
            return None
        names = self._names(winners)
        subs.append(SubQuestion(f"which of [#{len(subs)}] {how} by {LABEL_YEAR}", names, tuple(winners)))
        agg = {"op": how if word else "filter", "attribute": {"relation": LABEL_YEAR, "dated": True},
               **({"word": word} if word else {"filter": how}), "values": {e.name: y for e, y in years.items()}}
        return Outcome(category, names, subs, agg)

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

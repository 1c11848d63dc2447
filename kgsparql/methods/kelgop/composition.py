"""KELGoP's composition without an LLM: a nested phrase around the topic ("the director of X",
"X's films", "what kinds of ...", "... share actors with X") is a sub-question whose answers, one entity
at a time, are the topics of the rest. Each sub-question gets one hop per KG relation its words name."""
from __future__ import annotations

import re
from dataclasses import replace

from ...linking.topics import MASK
from ...rank.mentions import answer_type_word, distances
from .sub_questions import SubQuestion
from .nested_phrases import compositions
from .overshoot import agent_is_asked, bridge_is_asked
from .clause_readings import asked_reading, by_noun_fit

__all__ = ["Composer"]


class Composer:
    """Mixed into the planner: needs ``ctx``, ``atomic`` and ``per_entity``."""

    def relation_labels(self, text: str) -> set[str]:
        """The KG relations the words of ``text`` name (the alignment ranker over the KG's vocabulary)."""
        evidence = self.ctx.ranker("alignment").evidence(text, self.ctx.abstention.vocabulary())
        return {label for found in evidence.values() for label in found}

    def compositions(self, masked: str) -> list:
        """The nested phrases that make a composition, each with the hops of its (inner, outer)
        sub-questions: one per relation the sub-question names. "the N of X" counts only when N names
        a relation and the outer question names another one or asks for *other* things; otherwise
        it restates a lookup ("who was in the cast of X"); "what kinds of N ..." only when the rest
        names a relation ("what kinds of films did X direct", not "what kind of film is X")."""
        out = []
        for comp in compositions(masked, MASK):
            inner, outer = self.relation_labels(comp.inner), self.relation_labels(comp.outer)
            if comp.kind == "of" and not (inner and (outer - inner or comp.other)):
                if self._one_naming_word(comp.inner) and self._few_relations():   # no second relation named
                    out.append((replace(comp, kind="checked"), (1, 1)))
                continue
            if comp.kind == "clause":       # the noun and its clause are one hop; so is the rest, unless
                if inner:                   # it only says what kind [#1] is in ("which country is [#1]")
                    hops = (1, 2 if _COPULA_OUTER.match(comp.outer) else 1)
                    out.append((comp, hops))      # its inner phrase read both ways (compose)
                continue
            if comp.kind == "kinds" and not inner:
                continue        # "what kind of film is X": the inner "which film is X" is X itself
            extra = 1 if comp.kind == "share" or (outer and self._unnamed_link(comp)) else 0
            out.append((comp, (max(1, len(inner)), max(1, len(outer) + extra))))
        return out

    def _one_naming_word(self, text: str) -> bool:
        """At most one word of ``text`` names relations of the KG: "the *discoverer* of X" names one thing,
        however many relations share its stem (``discovered by``, ``discovered at``, ``discovery year``)."""
        evidence = self.ctx.ranker("alignment").evidence(text, self.ctx.abstention.vocabulary())
        return sum(1 for found in evidence.values() if found) <= 1

    def _few_relations(self) -> bool:
        """A KG of at most ``outside_max_relations`` relations (abstention's bound for the meaning view
        alone): few enough relations that the meaning view tells them apart, so "the N of X" nests even
        where the words name no relation, or no second one, word for word ("where was the *painter* of
        X *born*" on a KG that says ``creator`` and ``place of birth``): both sub-questions are then
        checked like any other question, and an outer one that walks back along the inner hop is a
        restated lookup, not a nested one."""
        return self.ctx.abstention.few_relations()

    def _unnamed_link(self, comp) -> bool:
        """May the outer question take one hop more than it names relations? When no word next to the
        inner answer names a relation, its link to what the outer asks is a hop of its own ("the
        actors in the films **made by** X", "which actors **worked with** X"; not "the **profession**
        of X", "films **written** by X"), unless it asks for *other* things of the inner answer's
        kind ("which films did X also act in"): then only an answer-type word that names a relation
        asks for it ("which **actors** starred in the other films by X")."""
        evidence = self.ctx.ranker("alignment").evidence(comp.outer, self.ctx.abstention.vocabulary())
        if {w for w, d in distances(comp.outer).items() if d == 1} & set(evidence):
            return False
        return not comp.other or bool(self.relation_labels(answer_type_word(comp.outer) or ""))

    def compose(self, comp, topics, hops=(1, 1)) -> list[SubQuestion]:
        """[inner about the topic, outer about each inner answer]; the topics are never answers. The
        outer "what kind is X" of a "what kind of ..." phrase must match a relation of X (abstention
        checks it): "kind", "type" and "sort" often only ask for the thing itself ("what type of
        currency do they use in spain"). A clause's inner hop ("the country that contains X") is
        checked like any other hop, and so is its outer question: a wrong pivot gives a wrong answer.
        An outer question that only walks back along the inner hop restates the lookup ("who wrote
        [the libretto of X]" read as the other works of its writer) unless it asks for other things
        or names a kind of its own ("which films did [the director of X] make"): it is dropped, and
        the whole question is answered as a lookup."""
        subs = []
        for inner in self._inner_readings(comp, topics, hops[0]):
            subs = self._compose_on(comp, inner, topics, hops)
            if subs[-1].answers:
                break
        return subs

    def _inner_readings(self, comp, topics, most: int) -> list[SubQuestion]:
        """The inner sub-question's answered readings, the one to follow leading: a clause's phrase
        is also asked as "which N ..." and the reading whose answers fit N leads (``clause_readings``)."""
        plain = self.atomic.ask(comp.inner.replace(MASK, topics[0].name), topics, comp.inner, max_hops=most)
        asked = asked_reading(comp.inner)
        if comp.kind != "clause" or asked == comp.inner:
            return [plain]
        other = self.atomic.ask(asked.replace(MASK, topics[0].name), topics, asked, max_hops=most)
        return by_noun_fit(self.ctx.encoder, comp.inner, plain, other) or [plain]

    def _compose_on(self, comp, inner: SubQuestion, topics, hops) -> list[SubQuestion]:
        """[inner, the outer question asked of each of its answers]; [inner] where it already reaches
        who made the noun the question asks about (``agent_is_asked``)."""
        if comp.kind in ("of", "checked") and agent_is_asked(self.adapter.verbalize, comp.inner, comp.outer, inner):
            return [inner]
        answers, entities, evidence = {}, {}, []
        subs = [self.atomic.ask(comp.outer.replace(MASK, entity.name), [entity], comp.outer, max_hops=hops[1],
                                check=comp.kind in ("kinds", "clause", "checked")) for entity in inner.entities[: self.per_entity]]
        if comp.kind == "checked":
            subs = [s for s in subs if not _walks_back(inner.chain, s.chain) or comp.other]
        read = one_reading(subs)
        if comp.kind == "of" and not comp.other and not answer_type_word(comp.outer) and \
                any(_walks_back(inner.chain, s.chain) for s in read):
            read = []       # the reading the words name walks back: a restated lookup, not a nesting
        for sub in read:
            evidence.extend(sub.evidence)
            for n, e in zip(sub.answers, sub.entities or (None,) * len(sub.answers)):
                if e is not None and e in topics:
                    continue
                answers.setdefault(n, None)
                if e is not None:
                    entities.setdefault(e, None)
        outer = SubQuestion(comp.outer.replace(MASK, "[#1]"), tuple(answers), tuple(entities), None, evidence)
        if comp.kind != "kinds" and bridge_is_asked(self.ctx.encoder, comp.outer, inner, outer):
            return [inner]      # the inner hop already reaches what the question asks for
        return [inner, outer]


# the rest only names the kind of thing [#1] is in or of: "which country is X (in)", "what city was X"
_COPULA_OUTER = re.compile(rf"^\W*(?:in |of )?(?:which|what) (?:[a-z][\w\-]* ){{1,2}}(?:is|are|was|were) {MASK}(?: (?:in|of|part of))?\W*$",
                           re.IGNORECASE)


def _walks_back(inner, outer) -> bool:
    """The outer sub-question only walked back along the inner one's last hop ("who was in [the cast of
    X]" read as the films of each cast member): the nested phrase restated a lookup, it did not nest one."""
    return bool(inner and outer) and len(outer) == 1 and outer[0].key() == inner[-1].reversed().key()


def one_reading(subs: list[SubQuestion]) -> list[SubQuestion]:
    """The outer question means one chain for every inner answer ("which genres do [the films of X]
    cover" is the genre of each film, not the closest relation each film happens to hold): the
    answered sub-questions whose chain the question's words name best (alignment), then the chain
    most of them took."""
    answered = [s for s in subs if s.answers and s.chain]
    if not answered:
        return subs
    named = {s.chain: (s.match or {}).get("alignment", 0.0) for s in answered}
    chains = [s.chain for s in answered]
    best = max(named, key=lambda c: (named[c], chains.count(c)))
    return [s for s in answered if s.chain == best]

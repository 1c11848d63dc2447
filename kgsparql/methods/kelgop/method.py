"""KELGoP (knowledge-enhanced LLM with global planning): classify the question (simple/complex, then
comparative / composition / conjunction / superlative, plus count), decompose it by its category into
sub-questions with ``[#k]`` references, answer them in order with an atomic answerer (FRAG), integrate
with a sufficiency verdict and, when insufficient, retry with the next category (theta attempts).
Counts, comparisons, superlatives and filters are one ``adapter.aggregate`` call: the KG compares.
See docs/methods/kelgop.md for the mapping from the paper to this code."""
from __future__ import annotations

from ...types import Answer
from ..context import MethodContext
from ..no_answer import abstain, link_or_abstain
from .llm_steps import llm_category, llm_decomposition, llm_verdict
from .answerer import Atomic
from .categories import CategoryClassifier, shape_of
from .options import KelgopOptions
from .named_constraints import ConstraintCheck
from .answer_order import named_first
from .bridge import past_bridge
from .scorer_backed import scorer_backed
from .nest_halves import halves_backed
from .sub_questions import Outcome, SubQuestion
from .planner import Planner

__all__ = ["KELGoP"]


class KELGoP:
    """Global planning over an atomic answerer; aggregation by SPARQL."""

    name = "kelgop"
    Options = KelgopOptions

    def __init__(self, ctx: MethodContext):
        self.ctx, self.params = ctx, (p := ctx.options or KelgopOptions())
        self.llm = ctx.llm
        self.atomic = Atomic(ctx, ctx.method(p.answerer))
        self.classifier = CategoryClassifier.load(ctx.models, p.classifier_model)
        self.planner = Planner(ctx, self.atomic, p.per_entity, p.depth, p.trust_prior)
        self.constraints = ConstraintCheck(ctx.adapter, getattr(ctx.linker, "relation_vocab", frozenset())) \
            if p.constraints else None

    def answer(self, question: str, *, id: str | None = None) -> Answer:
        link, unlinked = link_or_abstain(self.ctx.linker, question, id)
        if unlinked:
            return unlinked
        shape = shape_of(link, self.params.min_mention)
        scores = {} if getattr(self.ctx.encoder, "lexical", False) else \
            self.classifier.scores(self.ctx.encoder.embed([shape.masked])[0])   # no head for stem vectors
        order = self.classifier.order(scores, shape)
        if self.params.conjunction_first and "conjunction" in order:   # two anchors the KG can check
            order = ["conjunction"] + [c for c in order if c != "conjunction"]
        chosen = None
        if self.llm is not None and self.params.llm_classify and len(order) > 1:   # only simple: nothing to ask
            chosen = llm_category(self.llm, question)
            order = self.classifier.order(scores, shape, chosen)
        plan = {"method": "kelgop", "cues": shape.cues.to_json(), "entities": [e.to_json() for e in shape.entities],
                "classifier": {c: round(v, 3) for c, v in sorted(scores.items(), key=lambda kv: -kv[1])},
                "llm_category": chosen, "order": order, "attempts": []}
        outcome = self._adapt(question, link, shape, order, plan)
        bridged = past_bridge(self.planner, link, outcome, self.params.bridge_check) if self.params.past_bridge else None
        outcome = self._narrowed(link, bridged or outcome)
        outcome.answers = self._ordered(link, outcome.answers, shape.entities)
        topics = tuple(shape.entities) or tuple(link.topics())
        simple = outcome.category == "simple" and outcome.subs
        plan.update(outcome.to_json(), answered_by=outcome.subs[-1].answered_by if simple else "plan")
        if not outcome.answers and (outcome.refused or outcome.missing and self.params.abstain_without_values):
            return abstain(question, outcome.refused or outcome.missing, tuple(outcome.evidence), topics, plan, id)
        if not outcome.answers:
            return self._fallback(question, link, plan, id)
        return Answer(question, outcome.answers, evidence=tuple(outcome.evidence), entities=topics, plan=plan, id=id)

    def _adapt(self, question: str, link, shape, order: list[str], plan: dict) -> Outcome:
        """The adaptive strategy: categories in order until one is sufficient, at most theta attempts;
        ``simple`` (the atomic answerer alone) is always the last one tried."""
        tries = order[: self.params.attempts - 1] + ["simple"] if "simple" not in order[: self.params.attempts] \
            else order[: self.params.attempts]
        outcome = Outcome("simple")
        for category in tries:
            outcome = self._attempt(category, question, link, shape)
            verdict = outcome.sufficient
            if verdict and self.llm is not None and self.params.llm_verdict and category != "simple":
                verdict = llm_verdict(self.llm, question, outcome)
            plan["attempts"].append({"category": category, "sufficient": verdict, "answers": list(outcome.answers[:5]),
                                     **({"note": outcome.note} if outcome.note else {})})
            if verdict or outcome.refused or (outcome.missing and self.params.abstain_without_values):
                return outcome
            if outcome.missing and outcome.subs and outcome.subs[-1].answers:
                outcome = _unordered(outcome)       # the log says what is answered, and why unordered
                plan["attempts"][-1].update(sufficient=True, answers=list(outcome.answers[:5]), note=outcome.note)
                return outcome
        return outcome

    def _ordered(self, link, answers, named=()) -> tuple[str, ...]:
        """Answers whose labels the question partly writes first (``named_first``), when enabled."""
        if not self.params.named_first:
            return tuple(answers)
        return named_first(link.masked(), tuple(named) or tuple(link.topics()), answers)

    def _narrowed(self, link, outcome: Outcome) -> Outcome:
        """The answers of a chain from the topic, narrowed to those whose facts name what else the
        question names (``named_constraints``); unchanged when nothing narrows them."""
        if self.constraints is None or outcome.category not in ("simple", "composition") or not outcome.subs:
            return outcome
        last, mention = outcome.subs[-1], link.topic_mention
        others = [c.entity for m in link.mentions if m is not mention for c in m.candidates[:3]]
        narrowed = self.constraints.narrow(link.question_text, last.entities, link.topics(),
                                           [(mention.start, mention.end)], others)
        if narrowed is None:
            return outcome
        kept = {e.name for e in narrowed.kept}
        names = tuple(a for a in last.answers if a in kept) or tuple(dict.fromkeys(e.name for e in narrowed.kept))
        sub = SubQuestion(f"which of [#{len(outcome.subs)}] the question's other words name", names,
                          tuple(narrowed.kept))
        return Outcome(outcome.category, names, [*outcome.subs, sub], {**(outcome.aggregate or {}),
                                                                      **narrowed.to_json()}, outcome.note)

    def _attempt(self, category: str, question: str, link, shape) -> Outcome:
        if self.llm is not None and self.params.llm_decompose and category in ("composition", "conjunction"):
            outcome = llm_decomposition(self.llm, self.atomic, self.params.per_entity, category, question,
                                        [e for e in shape.entities])
            if outcome is not None and outcome.sufficient:
                return outcome
        return self.planner.run(category, question, link, shape)

    def _fallback(self, question: str, link, plan: dict, id):
        """Nothing planned answered: the atomic answerer's own reply (answer or abstention)."""
        answer = self.atomic.method.answer(question, id=id)
        merged = {**plan, "atomic": answer.plan}
        match = answer.plan.get("match") or {}
        backed = scorer_backed(self.atomic, self.params, question, link, match) if answer.abstained else None
        by = "scorer-backed chain"
        if backed is None and answer.abstained and self.params.nest_halves:    # "the N that V X": hop by hop
            backed, by = halves_backed(self.atomic, question, link, match), "chain backed by its halves"
        if backed is not None:
            merged.update(answered_by=by, scorer_backed=backed.match)
            return Answer(question, backed.answers, evidence=tuple(backed.evidence), entities=tuple(link.topics()),
                          plan=merged, id=id)
        if answer.abstained:
            return abstain(question, answer.abstained, answer.evidence, answer.entities, merged, id)
        merged["answered_by"] = "atomic"
        return Answer(question, self._ordered(link, answer.answers), evidence=answer.evidence, entities=answer.entities, plan=merged,
                      id=id)


def _unordered(outcome: Outcome) -> Outcome:
    """A comparison the KG holds no values for, answered with its candidates as the chain ordered
    them, and a note that says no comparison was made (``abstain_without_values`` off)."""
    base = outcome.subs[-1]
    return Outcome(outcome.category, base.answers, outcome.subs, outcome.aggregate,
                   f"{outcome.missing}: the candidates are given unordered")

"""KG-RAG (Linders & Tomczak, 2025, "Knowledge Graph-extended Retrieval Augmented Generation for
Question Answering"), training-free: in-context chain-of-thought decomposition of the question into
sub-questions, answered in order over the top-K triples (ranked by embedding similarity) within N
hops of the current entities, each answer written into the next sub-question; a final answer from
the reasoning chain. Without an LLM the same loop runs on the relation chain that the LLM-free
answerer (FRAG) finds. See docs/methods/kgrag.md for the mapping from the paper to this code."""
from __future__ import annotations

import dataclasses

from ... import stats
from ...llm import run_prompt
from ...types import Answer, Path
from ..context import MethodContext
from ..no_answer import abstain, no_fact
from .options import KgragOptions
from .sub_questions import SubQuestion, chain_steps, references, rewrite
from .triples import candidate_triples, rank_triples

__all__ = ["KGRAG"]


class KGRAG:
    """KG-RAG: decompose, answer each sub-question over its top-K ranked triples, then answer."""

    name = "kgrag"
    Options = KgragOptions

    def __init__(self, ctx: MethodContext):
        self.ctx, self.params = ctx, ctx.options or KgragOptions()
        self.adapter, self.llm = ctx.adapter, ctx.llm
        self.answerer = dataclasses.replace(ctx, llm=None).method(self.params.answerer)
        self.encoder = ctx.warm_encoder()

    def answer(self, question: str, *, id: str | None = None) -> Answer:
        base = self.answerer.answer(question, id=id)
        plan = {"answerer": self.params.answerer, "answerer_plan": base.plan}
        if base.abstained is not None:
            return abstain(question, base.abstained, base.evidence, base.entities, plan, id)
        topics = list(base.entities)
        chain = answer_chain([path for path, _ in base.evidence], set(base.answers), topics)
        steps, plan["decomposed_by"] = self._decompose(question, chain, topics[0].name)
        stats.record_count("sub_questions", len(steps))
        stats.record_count("decomposed_by_llm", int(plan["decomposed_by"] == "llm"))
        for i in range(len(steps)):
            self._answer_step(steps, i, topics)
        answers, plan["answered_by"] = self._final(question, steps, base.answers, topics)
        plan["sub_questions"] = [s.to_json() for s in steps]
        evidence = _evidence(steps, base.evidence)
        if not answers:
            return abstain(question, no_fact(topics[0]), evidence, topics, plan, id)
        return Answer(question, tuple(answers), evidence=tuple(evidence), entities=tuple(topics), plan=plan, id=id)

    def _decompose(self, question: str, chain, topic_name: str) -> tuple[list[SubQuestion], str]:
        """The LLM's sub-questions, else one per hop of the chain the answerer found."""
        fallback = chain_steps(chain, topic_name, self.adapter.verbalize) or [SubQuestion(question)]
        result = run_prompt(self.llm, "kgrag/decompose", fallback=None, question=question)
        if result.value is None:
            return fallback, "chain"
        subs = result.value[: self.params.max_sub_questions]
        same_length = len(subs) == len(chain)   # then sub-question i is taken to ask hop i
        return [SubQuestion(q, chain[i] if same_length else None) for i, q in enumerate(subs)], "llm"

    def _answer_step(self, steps: list[SubQuestion], i: int, topics) -> None:
        """Rewrite sub-question ``i`` with earlier answers, rank its candidate triples, answer it."""
        p, step = self.params, steps[i]
        refs = [k for k in references(step.question) if 0 <= k < i]
        current = steps[max(refs)].answers if refs else (steps[i - 1].answers if i else topics)
        step.rewritten = rewrite(step.question, steps[:i], p.names_in_rewrite)
        if not current:
            step.answered_by = "nothing"
            return
        triples = candidate_triples(self.adapter, current, p)
        step.candidates = len(triples)
        ranked = rank_triples(self.encoder, step.rewritten, triples, self.adapter.verbalize)
        chosen = self._ask_llm(step, ranked[: p.top_k])
        if chosen:
            relation = next(t.relation for t, _ in ranked if t.tail in chosen)
            found = [t for t in triples if t.relation == relation and t.head in current]
            step.answered_by = "llm"
        else:
            relation = step.relation or next((t.relation for t, _ in ranked if t.head in current), None)
            found = self.adapter.neighbors(current, relation, limit=p.answer_cap) if relation else []
            step.answered_by = "chain" if step.relation else "ranking"
        step.answers = list(dict.fromkeys([*chosen, *(t.tail for t in found)]))[: p.answer_cap]
        score = {t: s for t, s in ranked}
        support = [(t, score.get(t, 0.0)) for t in found] or [(t, s) for t, s in ranked if t.tail in chosen]
        step.support = sorted(support, key=lambda ts: -ts[1])[: p.top_k]

    def _ask_llm(self, step: SubQuestion, top) -> list:
        """The candidates the LLM picks among the ends of the top-K triples ([] without a usable answer)."""
        if self.llm is None or not top:
            return []
        ends = list(dict.fromkeys(t.tail for t, _ in top))
        result = run_prompt(self.llm, "kgrag/answer", fallback=[], question=step.rewritten,
                            facts=[t for t, _ in top], candidates=ends)
        return list(result.value)

    def _final(self, question: str, steps: list[SubQuestion], base_answers, topics) -> tuple[list[str], str]:
        """The last sub-question's answers, those the LLM-free answerer also found first (its order);
        with an LLM and more than one sub-question, the LLM's pick from the reasoning chain first.
        Without an LLM, a walk that reaches none of the answerer's answers followed only part of its
        chain (a planner's first sub-question), and the answerer's answers stand."""
        last = [e.name for e in steps[-1].answers]
        if self.ctx.walks != "return":
            last = [n for n in last if n not in {t.name for t in topics}]
        merged = [a for a in base_answers if a in last] + [a for a in last if a not in base_answers]
        if not merged or (self.llm is None and base_answers and not set(base_answers) & set(last)):
            return list(base_answers), "answerer"   # the walk reached none of them: not the whole chain
        by = "llm" if steps[-1].answered_by == "llm" else steps[-1].answered_by
        if self.llm is None or len(steps) < 2:
            return merged, by
        chain = [{"question": s.rewritten, "answers": [e.name for e in s.answers[:5]]} for s in steps]
        result = run_prompt(self.llm, "kgrag/final", fallback=None, question=question, steps=chain,
                            candidates=merged[:20])
        if result.value is None:
            return merged, by
        return list(dict.fromkeys([*result.value, *merged])), "llm"


def _evidence(steps: list[SubQuestion], base_evidence) -> list[tuple[Path, float]]:
    """The reasoning chain (each sub-question's supporting triples, in order), then the answerer's paths."""
    out = [(Path((t,)), s) for step in steps for t, s in step.support[:10]]
    seen = {p for p, _ in out}
    return out + [(p, s) for p, s in base_evidence if p not in seen]


def answer_chain(paths: list[Path], answers: set[str], topics) -> tuple:
    """The relation chain from a topic to the answerer's answers: the best evidence path from a topic
    joined with the first path that goes on from its end to an answer (a planner lists each
    sub-question's paths apart), else the longest path from a topic that ends at an answer, else
    the first path's relations."""
    starts = [p for p in paths if p.triples and p.start in topics]
    first = starts[0] if starts else (paths[0] if paths and paths[0].triples else None)
    if first is None:
        return ()
    rest = next((p for p in paths if p.triples and p.start == first.end and p.end.name in answers), None)
    if rest is not None:
        return first.relations + rest.relations
    whole = max((p for p in starts if p.end.name in answers), key=len, default=first)
    return whole.relations

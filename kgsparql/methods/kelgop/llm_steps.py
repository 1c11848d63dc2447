"""KELGoP's LLM steps (few-shot prompts in prompts/kelgop/): classification, category-specific
decomposition into sub-questions with ``[#k]`` references (answered in order by the atomic answerer,
multi-entity answers substituted one entity at a time), and the integrator's sufficiency verdict.
Each falls back to the LLM-free step when the model's output does not parse."""
from __future__ import annotations

import re

from ...llm import run_prompt
from .answerer import Atomic
from .sub_questions import Outcome, SubQuestion

__all__ = ["llm_category", "llm_decomposition", "llm_verdict"]

_REF = re.compile(r"\[#(\d+)\]")


def llm_category(llm, question: str) -> str | None:
    return run_prompt(llm, "kelgop/classify", fallback=None, question=question).value


def llm_verdict(llm, question: str, outcome: Outcome) -> bool:
    steps = [f"{s.question} -> {', '.join(s.answers[:8]) or 'nothing'}" for s in outcome.subs]
    return bool(run_prompt(llm, "kelgop/verdict", fallback=outcome.sufficient, question=question, steps=steps,
                           answers=list(outcome.answers[:8])).value)


def llm_decomposition(llm, atomic: Atomic, per_entity: int, category: str, question: str,
                      topics) -> Outcome | None:
    """SubQuestion-questions from the LLM, answered in order; a conjunction intersects the answers of its
    sub-questions, a composition answers with its last one. None when the output does not parse."""
    subs_text = run_prompt(llm, "kelgop/decompose", fallback=None, question=question, category=category).value
    if not subs_text:
        return None
    subs: list[SubQuestion] = []
    for text in subs_text:
        subs.append(_answer(atomic, text, subs, per_entity))
    if category == "conjunction":
        common = None
        for sub in subs:
            common = set(sub.answers) if common is None else common & set(sub.answers)
        answers = tuple(a for a in subs[0].answers if a in (common or set()))
    else:
        answers = subs[-1].answers
    banned = {t.name for t in topics}
    return Outcome(category, tuple(a for a in answers if a not in banned), subs, note="decomposed by the LLM")


def _answer(atomic: Atomic, text: str, done: list[SubQuestion], per_entity: int) -> SubQuestion:
    refs = [int(k) for k in _REF.findall(text)]
    if not refs:
        return atomic.ask_text(text)
    source = done[refs[0] - 1]
    answers, entities, evidence = {}, {}, []
    for entity in source.entities[:per_entity]:
        sub = atomic.ask(_REF.sub(entity.name, text), [entity], _REF.sub("X", text))
        evidence.extend(sub.evidence)
        answers.update(dict.fromkeys(sub.answers))
        entities.update(dict.fromkeys(sub.entities))
    return SubQuestion(text, tuple(answers), tuple(entities), None, evidence)

"""KGFR's LLM loop: answer from the three levels, reflect (is the evidence sufficient?), and when it
is not, retrieve again for the rewritten sub-questions or the named entities; at most ``rounds``
rounds. Without a usable answer the LLM-free candidates stand."""
from __future__ import annotations

from typing import Any, Callable

from ...llm import run_prompt

__all__ = ["answer_with_reflection"]


def answer_with_reflection(llm, question: str, first, retrieve: Callable[..., Any], rounds: int
                           ) -> tuple[tuple[str, ...], str, list[dict]]:
    """``first``: the LLM-free retrieval (``.levels``, ``.answers``); ``retrieve(ask=..., focus=...)``
    gives another one (or None). Returns (answers, "llm" | "fallback", one plan entry per round)."""
    current, answers, source, log = first, tuple(first.answers), "fallback", []
    for number in range(1, rounds + 1):
        levels = current.levels
        evidence = [*levels.paths, *levels.facts]
        step = run_prompt(llm, "kgfr/answer", fallback=None, question=question,
                          candidates=list(levels.nodes), evidence=evidence)
        if step.source == "llm" and step.value:
            chosen = [e.name for e in step.value]
            answers, source = tuple(dict.fromkeys(chosen + [a for a in current.answers if a not in chosen])), "llm"
        verdict = run_prompt(llm, "kgfr/reflect", fallback=None, question=question,
                             answer=", ".join(answers[:5]), evidence=evidence)
        entry = {"round": number, "candidates": [e.name for e in levels.nodes], "answered_by": step.source,
                 "verdict": verdict.value.to_json() if verdict.value is not None else "unparsed"}
        log.append(entry)
        if verdict.value is None or verdict.value.sufficient or number == rounds:
            break
        again = retrieve(ask=verdict.value.ask, focus=verdict.value.focus)
        if again is None or not again.levels.nodes:
            entry["retrieved_again"] = False
            break
        entry["retrieved_again"] = True
        current = again
    return answers, source, log

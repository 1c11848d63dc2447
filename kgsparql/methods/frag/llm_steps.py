"""FRAG's LLM step: the paper's reasoning prompt over the top-u paths, its answer mapped back onto
KG entities, with the LLM-free answer (the best chain executed from the topics) as the fallback."""
from __future__ import annotations

from ...llm import run_prompt
from ...types import Path

__all__ = ["answer_with_llm"]


def answer_with_llm(llm, question: str, evidence: list[tuple[Path, float]],
                    fallback: tuple[str, ...]) -> tuple[tuple[str, ...], str]:
    """Ask the LLM to reason over the top paths; map its answer onto the paths' end entities.
    Returns (answers, "llm" | "fallback")."""
    paths = [p for p, _ in evidence]
    candidates = list(dict.fromkeys(p.end for p in paths))
    result = run_prompt(llm, "frag/reason", fallback=None, question=question, paths=paths, candidates=candidates)
    if result.source != "llm" or not result.value:
        return fallback, "fallback"
    chosen = [e.name for e in result.value]
    rest = [a for a in fallback if a not in chosen]
    return tuple(dict.fromkeys(chosen + rest)), "llm"

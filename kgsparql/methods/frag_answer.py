"""FRAG answering: LLM-free (end entities of the best relation chain, executed in full from the topic
entities) and LLM-based (the paper's reasoning prompt over the top-u paths, mapped back onto KG
entities, with the LLM-free answer as the fallback)."""
from __future__ import annotations

from collections import Counter
from typing import Sequence

from ..types import Entity, Path, Relation

__all__ = ["mask_mention", "answer_from_chain", "answer_with_llm", "MASK"]

MASK = "X"


def mask_mention(link) -> str:
    """The question with the linked topic mention replaced by a placeholder, so that routing and the
    chain prior see the question's shape rather than a particular name."""
    text = link.question_text
    for m in link.mentions:
        if m.candidates and 0 <= m.start < m.end <= len(text):
            return " ".join((text[: m.start] + MASK + text[m.end:]).split())
    return text


def answer_from_chain(adapter, topics: Sequence[Entity], chain: Sequence[Relation],
                      ppr: dict[Entity, float], limit: int = 20_000) -> tuple[tuple[str, ...], list[Path]]:
    """Follow ``chain`` from the topics (batched, one query per hop) and rank its end entities by how
    many paths reach them, then PageRank, then name. The topics themselves are never answers."""
    paths = [p for p in adapter.paths_from(list(topics), list(chain), limit=limit) if p.end not in topics]
    support = Counter(p.end for p in paths)
    ends = sorted(support, key=lambda e: (-support[e], -ppr.get(e, 0.0), e.name))
    rank = {e: i for i, e in enumerate(ends)}
    paths.sort(key=lambda p: (rank[p.end], tuple(e.id for e in p.entities)))
    names = tuple(dict.fromkeys(e.name for e in ends))
    return names, paths


def answer_with_llm(llm, question: str, evidence: list[tuple[Path, float]],
                    fallback: tuple[str, ...]) -> tuple[tuple[str, ...], str]:
    """Ask the LLM to reason over the top paths; map its answer onto the paths' end entities.
    Returns (answers, "llm" | "fallback")."""
    from ..llm import run_prompt

    paths = [p for p, _ in evidence]
    candidates = list(dict.fromkeys(p.end for p in paths))
    result = run_prompt(llm, "frag/reason", fallback=None, question=question, paths=paths, candidates=candidates)
    if result.source != "llm" or not result.value:
        return fallback, "fallback"
    chosen = [e.name for e in result.value]
    rest = [a for a in fallback if a not in chosen]
    return tuple(dict.fromkeys(chosen + rest)), "llm"

"""Query decoupling, RefKG's first step.

A question is decoupled into single-hop sub-queries that share its context, each with the subset of
the question's entities it starts from. The paper's rules hold for both decouplers: the subsets
together cover the entity set, and no subset has more than two entities. A sub-query with no
entity of its own continues from the answers of the sub-query before it (a chain of hops)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ...llm import run_prompt
from ...types import Entity

__all__ = ["SubQuestion", "decouple", "decouple_free", "entity_subsets", "check_subsets", "tracks"]

MAX_SUBSET = 2      # the paper's rule: at most two entities per sub-query


@dataclass(frozen=True)
class SubQuestion:
    """One single-hop sub-query: its text, and the question entities it starts from (empty: it
    starts from the answers of the sub-query before it)."""

    text: str
    entities: tuple[Entity, ...] = ()

    def to_json(self) -> dict:
        return {"text": self.text, "entities": [e.name for e in self.entities]}


def entity_subsets(entities: Sequence[Entity]) -> list[tuple[Entity, ...]]:
    """Subsets of at most two entities covering ``entities`` (consecutive pairs, in order)."""
    unique = list(dict.fromkeys(entities))
    return [tuple(unique[i:i + MAX_SUBSET]) for i in range(0, len(unique), MAX_SUBSET)] or [()]


def check_subsets(subqueries: Sequence[SubQuestion], entities: Sequence[Entity]) -> str | None:
    """Why ``subqueries`` break the paper's rules (None when they keep them)."""
    if not subqueries:
        return "no sub-query"
    if any(len(s.entities) > MAX_SUBSET for s in subqueries):
        return f"a sub-query has more than {MAX_SUBSET} entities"
    covered = {e for s in subqueries for e in s.entities}
    missing = [e.name for e in entities if e not in covered]
    return f"no sub-query starts from {', '.join(missing)}" if missing else None


def decouple_free(question: str, entities: Sequence[Entity]) -> list[SubQuestion]:
    """The LLM-free decoupler: one sub-query per entity subset, each sharing the whole question as
    its context (hops are then found by exploration, not by splitting the text)."""
    return [SubQuestion(question, subset) for subset in entity_subsets(entities)]


def decouple(llm, question: str, entities: Sequence[Entity]) -> tuple[list[SubQuestion], str]:
    """Sub-queries from the ``refkg/decouple`` prompt, else (no LLM, unparseable output, broken
    rules) the LLM-free decoupler. Returns (sub-queries, "llm" | "fallback")."""
    fallback = decouple_free(question, entities)
    result = run_prompt(llm, "refkg/decouple", fallback=None, question=question, entities=list(entities))
    if result.source != "llm" or not result.value:
        return fallback, "fallback"
    subs = [SubQuestion(text, tuple(ents)) for text, ents in result.value]
    if check_subsets(subs, entities) is not None:
        return fallback, "fallback"
    return subs, "llm"


def tracks(subs: list[SubQuestion]) -> list[list[SubQuestion]]:
    """Sub-queries grouped into chains: one starting from entities, then those continuing from it."""
    out: list[list[SubQuestion]] = []
    for s in subs:
        if s.entities or not out:
            out.append([s])
        else:
            out[-1].append(s)
    return out

"""RefKG building blocks: validated options and query decoupling (RefKG's first step).

A question is decoupled into single-hop sub-queries that share its context, each with the subset of
the question's entities it starts from. The paper's rules hold for both decouplers: the subsets
together cover the entity set, and no subset has more than two entities. A sub-query with no
entity of its own continues from the answers of the sub-query before it (a chain of hops)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ..errors import ConfigError
from ..llm import run_prompt
from ..types import Entity

__all__ = ["RefKGOptions", "SubQuery", "decouple", "decouple_free", "entity_subsets", "check_subsets"]

MAX_SUBSET = 2      # the paper's rule: at most two entities per sub-query


@dataclass(frozen=True)
class RefKGOptions:
    """``[plugins.refkg]``: the paper's steps, values tuned on MetaQA dev (docs/methods/refkg.md)."""

    top_k: int = 3                  # relations kept per hop (the LLM's or the ranker's top-k)
    max_hops: int = 3               # exploration depth
    alpha: float = 0.1              # refinement threshold: facts scoring under it are dropped
    scorer: str = "minilm"          # the fact scorer plugin (entry-point group kgsparql.scorers)
    fanout_cap: int = 500           # per-(entity, relation) objects fetched; larger ones are not expanded
    max_frontier: int = 300         # entities expanded per hop
    max_edges: int = 20_000         # explored edges per question, all hops together
    evidence_facts: int = 30        # kept facts turned into text for the LLM
    top_u: int = 8                  # evidence paths returned with the answer
    min_alignment: float = 0.5      # abstain when the best chain aligns worse with the relations the question names

    def __post_init__(self) -> None:
        for name in ("top_k", "max_hops", "fanout_cap", "max_frontier", "max_edges", "evidence_facts", "top_u"):
            if getattr(self, name) < 1:
                raise ConfigError(f"{name} must be at least 1")
        if self.max_hops > 4:
            raise ConfigError("max_hops must be at most 4")
        if not 0 <= self.alpha <= 1 or not 0 <= self.min_alignment <= 1:
            raise ConfigError("alpha and min_alignment must be in [0, 1]")


@dataclass(frozen=True)
class SubQuery:
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


def check_subsets(subqueries: Sequence[SubQuery], entities: Sequence[Entity]) -> str | None:
    """Why ``subqueries`` break the paper's rules (None when they keep them)."""
    if not subqueries:
        return "no sub-query"
    if any(len(s.entities) > MAX_SUBSET for s in subqueries):
        return f"a sub-query has more than {MAX_SUBSET} entities"
    covered = {e for s in subqueries for e in s.entities}
    missing = [e.name for e in entities if e not in covered]
    return f"no sub-query starts from {', '.join(missing)}" if missing else None


def decouple_free(question: str, entities: Sequence[Entity]) -> list[SubQuery]:
    """The LLM-free decoupler: one sub-query per entity subset, each sharing the whole question as
    its context (hops are then found by exploration, not by splitting the text)."""
    return [SubQuery(question, subset) for subset in entity_subsets(entities)]


def decouple(llm, question: str, entities: Sequence[Entity]) -> tuple[list[SubQuery], str]:
    """Sub-queries from the ``refkg/decouple`` prompt, else (no LLM, unparseable output, broken
    rules) the LLM-free decoupler. Returns (sub-queries, "llm" | "fallback")."""
    fallback = decouple_free(question, entities)
    result = run_prompt(llm, "refkg/decouple", fallback=None, question=question, entities=list(entities))
    if result.source != "llm" or not result.value:
        return fallback, "fallback"
    subs = [SubQuery(text, tuple(ents)) for text, ents in result.value]
    if check_subsets(subs, entities) is not None:
        return fallback, "fallback"
    return subs, "llm"

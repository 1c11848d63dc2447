"""KG-RAG building blocks: validated options, the sub-question plan, candidate triples within N hops
of the current entities (through the adapter, CVT-aware, fan-out capped) ranked by embedding
similarity, and entity substitution into later sub-questions."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

from .. import stats
from ..errors import ConfigError
from ..llm.evidence import verbalize_fact, verbalize_path
from ..prompts.kgrag.parsers import REFERENCE
from ..types import IRI, Entity, Path, Relation, Triple

__all__ = ["KgragOptions", "Step", "candidate_triples", "rank_triples", "chain_steps", "rewrite", "references"]

_UNKNOWN = Entity(IRI("urn:kgsparql:unknown"), "?")


@dataclass(frozen=True)
class KgragOptions:
    """``[plugins.kgrag]`` (docs/methods/kgrag.md)."""

    hops: int = 1                 # N: candidate triples within N hops of the current entities
    top_k: int = 30               # K: ranked triples put into the sub-question prompt
    fanout_cap: int = 100         # triples fetched per relation and hop
    frontier_cap: int = 50        # current entities expanded per hop
    max_candidates: int = 600     # triples ranked per sub-question
    max_sub_questions: int = 4    # longer decompositions are cut
    answer_cap: int = 10_000      # answers kept per sub-question
    names_in_rewrite: int = 3     # answer names written into the next sub-question
    answerer: str = "frag"        # the LLM-free answerer (finds the relation chain)

    def __post_init__(self) -> None:
        if not 1 <= self.hops <= 3:
            raise ConfigError("hops must be 1, 2 or 3")
        for name in ("top_k", "fanout_cap", "frontier_cap", "max_candidates", "max_sub_questions",
                     "answer_cap", "names_in_rewrite"):
            if getattr(self, name) < 1:
                raise ConfigError(f"{name} must be at least 1")
        if self.answerer == "kgrag":
            raise ConfigError("answerer cannot be kgrag itself")


@dataclass
class Step:
    """One sub-question: as planned, as rewritten with earlier answers, and what answered it."""

    question: str
    relation: Relation | None = None                    # the hop it asks, when the plan knows it
    rewritten: str = ""
    answers: list[Entity] = field(default_factory=list)
    support: list[tuple[Triple, float]] = field(default_factory=list)   # chosen triples, ranked
    candidates: int = 0
    answered_by: str = ""

    def to_json(self, shown: int = 10) -> dict[str, Any]:
        return {"question": self.question, "rewritten": self.rewritten,
                "relation": self.relation.name if self.relation else None,
                "answers": [e.name for e in self.answers[:shown]], "n_answers": len(self.answers),
                "triples": [verbalize_fact(t) for t, _ in self.support[:5]],
                "candidates": self.candidates, "answered_by": self.answered_by}


def candidate_triples(adapter, entities: Sequence[Entity], options: KgragOptions) -> list[Triple]:
    """Triples within ``options.hops`` hops of ``entities``, both directions: per hop the relations
    of the frontier (the adapter's COUNT probe, compound/CVT hops included), then each relation's
    triples, at most ``fanout_cap`` per relation, ``max_candidates`` in all."""
    frontier, seen = list(dict.fromkeys(entities))[: options.frontier_cap], set(entities)
    out: list[Triple] = []
    for _ in range(options.hops):
        relations = dict.fromkeys(rc.relation for rc in adapter.relations(frontier, "both"))
        found = [t for r in relations for t in adapter.neighbors(frontier, r, limit=options.fanout_cap)]
        out.extend(found[: options.max_candidates - len(out)])
        frontier = [e for e in dict.fromkeys(t.tail for t in found) if e not in seen and not e.is_literal]
        seen.update(frontier)
        frontier = frontier[: options.frontier_cap]
        if len(out) >= options.max_candidates or not frontier:
            break
    stats.record_count("candidate_triples", len(out))
    return out


def rank_triples(encoder, question: str, triples: Sequence[Triple], relation_text) -> list[tuple[Triple, float]]:
    """The triples by cosine similarity of their verbalisation to ``question``, best first."""
    texts = [verbalize_fact(t, relation_text) for t in triples]
    scores = encoder.rank(question, texts) if texts else []
    order = sorted(range(len(texts)), key=lambda i: (-scores[i], texts[i]))
    return [(triples[i], scores[i]) for i in order]


def chain_steps(chain: Sequence[Relation], topic_name: str, relation_text) -> list[Step]:
    """The LLM-free decomposition: one sub-question per hop of the chain retrieval found, written
    as the hop to follow, "#k" standing for the answers of sub-question k."""
    steps = []
    for i, relation in enumerate(chain):
        head = Entity(IRI("urn:kgsparql:step"), topic_name if i == 0 else f"#{i}")
        steps.append(Step(verbalize_path(Path((Triple(head, relation, _UNKNOWN),)), relation_text), relation))
    return steps


def references(question: str) -> list[int]:
    """0-based indices of the earlier sub-questions ``question`` refers to ("#1" -> 0)."""
    return [int(k) - 1 for k in REFERENCE.findall(question)]


def rewrite(question: str, steps: Sequence[Step], names: int) -> str:
    """``question`` with each "#k" replaced by the names of sub-question k's first answers."""
    def names_of(match) -> str:
        k = int(match.group(1)) - 1
        answers = steps[k].answers if 0 <= k < len(steps) else []
        return ", ".join(e.name for e in answers[:names]) or match.group(0)

    return REFERENCE.sub(names_of, question)

"""RefKG's last three steps, each callable on its own (a claim checker can reuse them):

- ``refine``: every evidence triple scored against its sub-query by a ``Scorer`` plugin; triples
  under ``alpha`` are dropped, and so is every path through one;
- ``reconstruct``: the kept triples as text (the ``refkg/reconstruct`` prompt, or one templated
  sentence per fact with ``--llm none``);
- ``joint_inference``: the answer from the reconstructed knowledge (the ``refkg/answer`` prompt),
  the best-supported candidates without an LLM or when its output does not parse."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

from ...llm import run_prompt, verbalize_fact
from ...types import Entity, Path, Relation, Triple

__all__ = ["Refined", "refine", "reconstruct", "joint_inference", "supported"]


@dataclass(frozen=True)
class Refined:
    scores: dict          # Triple -> score
    alpha: float

    def keeps(self, triple: Triple) -> bool:
        return self.scores.get(triple, 0.0) >= self.alpha

    def kept_paths(self, paths: Sequence[Path]) -> list[Path]:
        return [p for p in paths if all(self.keeps(t) for t in p.triples)]

    def to_json(self) -> dict:
        return {"alpha": self.alpha, "scored": len(self.scores), "kept": sum(s >= self.alpha for s in self.scores.values())}


def refine(scorer, hop_texts: Sequence[str], hops: Sequence[Sequence[Triple]],
           verbalize: Callable[[Relation], str], alpha: float) -> Refined:
    """Score the triples of hop ``i`` against ``hop_texts[i]`` (the last text for later hops)."""
    scores: dict = {}
    for i, triples in enumerate(hops):
        if not triples:
            continue
        text = hop_texts[min(i, len(hop_texts) - 1)]
        facts = [(s.name, verbalize(r), o.name) for s, r, o in (t.fact() for t in triples)]
        for triple, score in zip(triples, scorer.score(text, facts)):
            scores[triple] = max(score, scores.get(triple, 0.0))
    return Refined(scores, alpha)


def reconstruct(llm, question: str, facts: Sequence[Triple], verbalize: Callable[[Relation], str]) -> tuple[str, str]:
    """The facts as text: (text, "llm" | "fallback")."""
    lines = [verbalize_fact(t, verbalize) for t in facts]
    template = ". ".join(lines) + ("." if lines else "")
    names = sorted({e.name for t in facts for e in (t.head, t.tail)})
    result = run_prompt(llm, "refkg/reconstruct", fallback=template, question=question, facts=lines, names=names)
    return result.value, result.source


def supported(paths: Sequence[Path]) -> list[Entity]:
    """The paths' ends, most supporting paths first (then by name)."""
    support: dict[Entity, int] = {}
    for p in paths:
        support[p.end] = support.get(p.end, 0) + 1
    return sorted(support, key=lambda e: (-support[e], e.name, e.id))


def joint_inference(llm, question: str, knowledge: str, candidates: Sequence[Entity],
                    fallback: Sequence[str]) -> tuple[tuple[str, ...], str]:
    """Answer names from the LLM's choice among ``candidates`` (then the rest of ``fallback``), or
    ``fallback`` itself: (answers, "llm" | "fallback")."""
    if not candidates:
        return tuple(fallback), "fallback"
    result = run_prompt(llm, "refkg/answer", fallback=None, question=question, knowledge=knowledge,
                        candidates=list(candidates))
    if result.source != "llm" or not result.value:
        return tuple(fallback), "fallback"
    chosen = [e.name for e in result.value]
    return tuple(dict.fromkeys(chosen + [a for a in fallback if a not in chosen])), "llm"

"""The default method's chain as a seed for the retrieval of a method that chooses its chain by its
own judgement (RefKG, KGFR): where the default method answers a question, the hops of the chain it
answers along (or of the steps its composition's sub-questions name) are offered to the method's
own retrieval, and the retrieval goes at least as deep as that chain. The method still walks the
KG by its own steps (RefKG's exploration and refinement, KGFR's propagation) and still chooses by
its own evidence; the seed only widens what it reaches (option ``seed_default`` of
``[methods.refkg]`` and ``[methods.kgfr]``, docs/methods/refkg.md)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

from ..types import Relation
from .shared_verdict import extending, shared_verdict

__all__ = ["Seed", "default_seed"]


@dataclass(frozen=True)
class Seed:
    """The hops of the default method's chain in the plans' words (``directed by (reverse)``), hop
    by hop, and the number of hops its answer walks at least (``depth``: a composition whose last
    sub-question names no chain walks one hop past its named steps; ``steps`` and ``answers``: such
    a composition's named steps and its answers, which tell when a retrieval has reached them)."""

    hops: tuple[str, ...] = ()
    depth: int = 0
    steps: tuple[str, ...] = ()
    answers: frozenset = frozenset()

    def reached(self, chains, words, ends) -> bool:
        """Whether one of ``chains`` (``ends(chain)``: its end names) goes on from the composition's
        named steps to ends nested with its answers (``shared_verdict.extending``); True where the
        seed names its whole chain."""
        return not self.answers or extending(chains, words, ends, list(self.steps), set(self.answers)) is not None

    def at(self, hop: int, relations: Sequence[Relation], words: Callable[[Relation], str]) -> list[Relation]:
        """The relations among ``relations`` that the seed names for hop ``hop`` (none past its hops)."""
        if hop >= len(self.hops):
            return []
        return [r for r in relations if words(r) == self.hops[hop]]

    def depth_at(self, names) -> int:
        """The depth to reach from a frontier of entities named ``names``: one hop more where the
        composition's answers are not among them yet."""
        return self.depth + (1 if self.answers and not self.answers & set(names) else 0)

    def to_json(self) -> dict:
        return {"hops": list(self.hops), "depth": self.depth}


def default_seed(judge, question: str, plan: dict) -> Seed:
    """The seed from the default method's answer to ``question`` (``judge``; None: no seed), asked
    once per question (``shared_verdict``, recorded in ``plan["verdict"]``); empty where it refuses."""
    if judge is None or shared_verdict(judge, question, plan):
        return Seed()
    verdict = plan["verdict"]
    if verdict.get("chain"):
        hops = tuple(verdict["chain"].split(" ; "))
        return Seed(hops, len(hops))
    steps = verdict.get("steps") or []
    hops = tuple(h for step in steps for h in step.split(" ; "))
    if not hops:
        return Seed()
    if not verdict.get("unnamed_steps"):
        return Seed(hops, len(hops))
    return Seed(hops, len(hops) + 1, tuple(steps), frozenset(verdict.get("answers") or ()))

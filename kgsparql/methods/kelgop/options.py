"""KELGoP's options: ``[methods.kelgop]`` (docs/methods/kelgop.md)."""
from __future__ import annotations

from dataclasses import dataclass

from ...errors import ConfigError
from ...learn.categories import CATEGORIES

__all__ = ["KelgopOptions"]


@dataclass(frozen=True)
class KelgopOptions:
    """``[methods.kelgop]`` (docs/methods/kelgop.md)."""

    attempts: int = 3             # theta: categories tried before giving up on planning
    depth: int = 1                # D: decomposition depth (a sub-question may be a composition once)
    per_entity: int = 5           # multi-entity answers substituted one entity at a time, at most this many
    min_mention: float = 0.6      # a second entity mention counts from this linking score
    trust_prior: float = 0.6      # a composition is planned only when FRAG's chain prior is less sure
    answerer: str = "frag"        # the atomic answerer (a registered method with ``answer_about``)
    classifier_model: str = ""    # a kelgop.npz from `kgsparql train planner` ("" = the packaged one)
    constraints: bool = True      # narrow a chain's answers to those whose facts name the question's other words
    named_first: bool = True      # answers whose labels the question partly writes come first
    past_bridge: bool = True      # a clause's one-hop answers (the composition's bridge) go on with the rest of the question
    bridge_check: bool = True     # ... only where the rest's relation passes the abstention check on the bridge
    scorer_hops: int = 2          # a turned-down chain of this many hops is answered when the shared scorer ranks it first (0: never)
    scorer_alignment: float = 0.4  # ... and the question's relation words align with it this well
    nest_halves: bool = True      # a turned-down two-hop chain is answered when each half of a nested question takes its hop
    abstain_without_values: bool = False  # a comparison whose candidates have no number or date abstains
    conjunction_first: bool = True  # two named entities: their common neighbours are tried before other plans
    llm_classify: bool = True     # with an LLM: few-shot classification (else the trained head)
    llm_decompose: bool = True    # with an LLM: few-shot decomposition for composition/conjunction
    llm_verdict: bool = True      # with an LLM: the integrator's sufficiency verdict

    def __post_init__(self) -> None:
        if not 1 <= self.attempts <= len(CATEGORIES):
            raise ConfigError(f"attempts must be between 1 and {len(CATEGORIES)}")
        if not 0 <= self.scorer_hops <= 3 or not 0 <= self.scorer_alignment <= 1:
            raise ConfigError("need 0 <= scorer_hops <= 3 and 0 <= scorer_alignment <= 1")
        if not 0 <= self.depth <= 2 or self.per_entity < 1 or not 0 <= self.min_mention <= 1:
            raise ConfigError("need 0 <= depth <= 2, per_entity >= 1 and 0 <= min_mention <= 1")

"""KGFR's options: ``[methods.kgfr]`` (docs/methods/kgfr.md)."""
from __future__ import annotations

from dataclasses import dataclass

from ...errors import ConfigError

__all__ = ["KgfrOptions"]


@dataclass(frozen=True)
class KgfrOptions:
    """``[methods.kgfr]`` (docs/methods/kgfr.md)."""

    hops: int = 3                 # propagation rounds from the topic entities, at most
    settle_hops: int = 2          # rounds first tried; more only when no chain covers the question
    lam: int = 100                # fan-out above which a relation only reaches already-reached entities
    max_frontier: int = 2000      # entities expanded per hop
    top_k: int = 10               # node-level candidates
    top_n: int = 20               # edge-level facts around the candidates
    top_paths: int = 8            # path-level shortest paths from candidates to the topics
    rounds: int = 3               # LLM answer + reflection rounds at most
    sibling_damping: float = 0.8  # score kept by a chain that never returns, for "which other ..." questions
    min_score: float = 0.6        # abstain below this chain score when the question names KG relations
    shared_abstention: bool = True     # also abstain where the shared relation match recognises no chain
    verdict: str = "kelgop"       # also abstain where this method (the default) does ("": own checks only)
    follow_default: bool = True   # answer along the chain the verdict method answers along, where KGFR reached it
    seed_default: bool = True     # ... and propagate at least as deep as its chain (methods/shared_seed.py)
    describe_relations: bool = False   # let the LLM write relation descriptions (once per KG, cached)
    chain_model: str = ""         # the shared trained chain scorer breaks ties ("": the packaged one, "none": off)
    prior_model: str = ""         # the default method's chain prior ("": the packaged heads, "none": off)
    prior_weight: float = 1.0     # its probability added to a chain's score when ranking (where a head knows the KG)
    prior_continue: float = 0.2   # propagate to ``hops`` where the prior gives a longer chain this much
    chain_readings: bool = True   # where no chain prior knows the KG: the default method's chain readings order
                                  # the ranking and a nested question's named hops (methods/chain_readings.py)

    def __post_init__(self) -> None:
        if not 1 <= self.hops <= 4 or not 1 <= self.settle_hops <= 4:
            raise ConfigError("hops and settle_hops must be between 1 and 4")
        if not 1 <= self.rounds <= 3:
            raise ConfigError("rounds must be between 1 and 3")
        for name in ("lam", "max_frontier", "top_k", "top_n", "top_paths"):
            if getattr(self, name) < 1:
                raise ConfigError(f"{name} must be at least 1")
        if not all(0 <= w <= 1 for w in (self.sibling_damping, self.min_score, self.prior_weight, self.prior_continue)):
            raise ConfigError("sibling_damping, min_score, prior_weight and prior_continue must be in [0, 1]")

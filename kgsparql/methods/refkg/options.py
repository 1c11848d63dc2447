"""RefKG's options: ``[methods.refkg]`` (docs/methods/refkg.md)."""
from __future__ import annotations

from dataclasses import dataclass

from ...errors import ConfigError

__all__ = ["RefKGOptions"]


@dataclass(frozen=True)
class RefKGOptions:
    """``[methods.refkg]``: the paper's steps, values tuned on MetaQA dev (docs/methods/refkg.md)."""

    top_k: int = 3                  # relations kept per hop (the LLM's or the ranker's top-k)
    top_k_small: int = 5            # ... the ranker's, where no chain prior knows a KG of few relations
    max_hops: int = 3               # exploration depth
    alpha: float = 0.1              # refinement threshold: facts scoring under it are dropped
    scorer: str = "minilm"          # the fact scorer plugin (entry-point group kgsparql.scorers)
    fanout_cap: int = 500           # per-(entity, relation) objects fetched; larger ones are not expanded
    max_frontier: int = 300         # entities expanded per hop
    max_edges: int = 20_000         # explored edges per question, all hops together
    evidence_facts: int = 30        # kept facts turned into text for the LLM
    top_u: int = 8                  # evidence paths returned with the answer
    min_alignment: float = 0.5      # abstain when the best chain aligns worse with the relations the question names
    verdict: str = "kelgop"         # also abstain where this method (the default) does ("": own checks only)
    follow_default: bool = True     # answer along the chain the verdict method answers along, where RefKG reached it
    seed_default: bool = True       # ... and offer its hops to the exploration, as deep as its chain (shared_seed.py)
    chain_model: str = ""           # the shared trained chain scorer ("": the packaged one, "none": off)
    trained_weight: float = 0.3     # its confidence (softmax over the chains found) added to a chain's score
    prior_model: str = ""           # the default method's chain prior ("": the packaged heads, "none": off)
    prior_weight: float = 1.0       # its probability added to a chain's score (where a head knows the KG)
    prior_continue: float = 0.2     # explore one hop more where the prior gives a longer chain this much
    chain_readings: bool = True     # where no chain prior knows the KG: the default method's chain readings order
                                    # the chains found and a nested question's named hops (methods/chain_readings.py)

    def __post_init__(self) -> None:
        for name in ("top_k", "top_k_small", "max_hops", "fanout_cap", "max_frontier", "max_edges", "evidence_facts", "top_u"):
            if getattr(self, name) < 1:
                raise ConfigError(f"{name} must be at least 1")
        if self.max_hops > 4:
            raise ConfigError("max_hops must be at most 4")
        weights = (self.alpha, self.min_alignment, self.trained_weight, self.prior_weight, self.prior_continue)
        if not all(0 <= w <= 1 for w in weights):
            raise ConfigError("alpha, min_alignment, trained_weight, prior_weight and prior_continue must be in [0, 1]")

"""FRAG's options: ``[methods.frag]`` (the paper's structure, values tuned on dev)."""
from __future__ import annotations

from dataclasses import dataclass

from ...errors import ConfigError

__all__ = ["FragOptions"]


@dataclass(frozen=True)
class FragOptions:
    """``[methods.frag]``: the paper's structure, values tuned on dev (docs/methods/frag.md)."""

    delta: int = 2               # simple = at most delta hops (the router's boundary)
    hops_simple: int = 2         # subgraph radius and BFS depth for simple questions
    hops_complex: int = 3        # subgraph radius and shortest-path depth for complex questions
    top_n: int = 400             # entities kept by personalised PageRank
    top_m: int = 3               # relations kept per hop by relation ranking ...
    branch_pruning: bool = True  # ... each relation that reached the hop getting one place first, where no
                                 # chain prior knows the KG and it has few relations (docs/methods/frag.md)
    top_u: int = 8               # paths kept after reranking (evidence / LLM context)
    damping: float = 0.85        # PPR damping (probability of following an edge)
    fanout_cap_first: int = 5000 # per-(entity, relation) fan-out cap on the first hop
    fanout_cap: int = 300        # ... on later hops
    prior_weight: float = 0.7    # weight of the learned chain prior vs the zero-shot ranker
    prior_agreement: bool = True # the prior keeps silent where every judge prefers the topic's best chain
                                 # to a favourite the topic lacks (docs/methods/frag.md)
    undated_who: bool = True     # a "who" question takes a close chain whose ends write no year over dated events
    type_fit: bool = True        # "which continent": a close chain whose ends are nearer the noun asked for goes first
    type_fit_lead: float = 0.1   # ... when its ends' mean MiniLM cosine to that noun leads by this much (frag/type_fit.py)
    walk_on: bool = True         # where no prior knows the KG and it has few relations, walk one hop on to the kind
    walk_lead: float = 0.15      # the noun asks for, when those ends fit it by this much more (frag/walk_on.py) ...
    walk_fetch: bool = True      # ... looking one hop past the best chain where no candidate goes on (one look-up)
    far_end: bool = True         # ... and a chain one hop longer goes first where its ends read as the noun asked for and
                                 # the best's as the noun around the topic ("which buildings stand in the capital of X")
    clause_hop: bool = True      # ... and the hop that leaves the topic reads as the verb of the clause around it
                                 # ("the university that employs X": works at, not educated at; frag/clause_hop.py)
    rankers: tuple[str, ...] = ("fusion", "alignment")   # zero-shot chain rankers ...
    ranker_weights: tuple[float, ...] = ()               # ... and their weights (default: equal) ...
    zero_shot_weights: tuple[float, ...] = (1.0, 3.0)    # ... where the prior knows none of the chains
                                                         # (another KG): the hop-by-hop alignment leads
    relation_model: str = ""     # the shared chain scorer (`kgsparql train relations`; "" = packaged, "none" = off)
    trained_weight: float = 0.3  # its weight against the zero-shot rankers when reranking chains
    router_model: str = ""       # a router.npz from `kgsparql train` ("" = the packaged one)
    nested_hops: bool = True     # where the prior knows no chain, on a KG of few relations: a question that asks
                                 # something of a noun phrase around its topic walks two hops (frag/bridges.py)
    kind_fit: bool = True        # where the prior knows no chain, the kind of answer asked for ("when", "where",
                                 # "who", "how long") orders the chains (methods/kind_fit.py)
    chain_model: str = ""        # chains.npz files from `kgsparql train chains`, comma list ("" = packaged, "none" = no prior)

    def __post_init__(self) -> None:
        if not 1 <= self.hops_simple <= self.hops_complex <= 4:
            raise ConfigError("need 1 <= hops_simple <= hops_complex <= 4")
        for name in ("top_n", "top_m", "top_u", "fanout_cap", "fanout_cap_first"):
            if getattr(self, name) < 1:
                raise ConfigError(f"{name} must be at least 1")
        if not self.rankers:
            raise ConfigError("rankers needs at least one ranker name")
        if self.ranker_weights and (len(self.ranker_weights) != len(self.rankers) or min(self.ranker_weights) < 0
                                    or sum(self.ranker_weights) <= 0):
            raise ConfigError("ranker_weights needs one non-negative weight per ranker, not all zero")
        if self.zero_shot_weights and (len(self.zero_shot_weights) != len(self.rankers)
                                       or min(self.zero_shot_weights) < 0 or sum(self.zero_shot_weights) <= 0):
            raise ConfigError("zero_shot_weights needs one non-negative weight per ranker, not all zero (or none)")
        if not 0 < self.damping < 1 or not 0 <= self.prior_weight <= 1 or not 0 <= self.trained_weight <= 1:
            raise ConfigError("damping must be in (0, 1), prior_weight and trained_weight in [0, 1]")

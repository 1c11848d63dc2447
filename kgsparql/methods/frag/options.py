"""FRAG building blocks: validated parameters, the reasoning-aware router and the relation-chain
scorer (learned chain prior fused with a zero-shot ranker over verbalised chains)."""
from __future__ import annotations

from dataclasses import dataclass
from importlib import resources
from typing import Sequence

import numpy as np

from ..errors import ConfigError
from ..learn import EmbeddingClassifier, chain_key, parse_chain_key
from ..rank import fuse_prior, minmax
from ..types import Relation

__all__ = ["FragOptions", "Router", "Route", "ChainScorer", "packaged_model"]


def packaged_model(name: str) -> str:
    return str(resources.files("kgsparql.data").joinpath(name))


@dataclass(frozen=True)
class FragOptions:
    """``[plugins.frag]``: the paper's structure, values tuned on dev (docs/methods/frag.md)."""

    delta: int = 2               # simple = at most delta hops (the router's boundary)
    hops_simple: int = 2         # subgraph radius and BFS depth for simple questions
    hops_complex: int = 3        # subgraph radius and shortest-path depth for complex questions
    top_n: int = 400             # entities kept by personalised PageRank
    top_m: int = 3               # relations kept per hop by relation ranking
    top_u: int = 8               # paths kept after reranking (evidence / LLM context)
    damping: float = 0.85        # PPR damping (probability of following an edge)
    fanout_cap_first: int = 5000 # per-(entity, relation) fan-out cap on the first hop
    fanout_cap: int = 300        # ... on later hops
    prior_weight: float = 0.7    # weight of the learned chain prior vs the zero-shot ranker
    rankers: tuple[str, ...] = ("fusion", "alignment")   # zero-shot chain rankers ...
    ranker_weights: tuple[float, ...] = ()               # ... and their weights (default: equal)
    router_model: str = ""       # a router.npz from `kgsparql train` ("" = the packaged one)
    chain_model: str = ""        # a chains.npz from `kgsparql train` ("" = packaged, "none" = no prior)

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
        if not 0 < self.damping < 1 or not 0 <= self.prior_weight <= 1:
            raise ConfigError("damping must be in (0, 1) and prior_weight in [0, 1]")


@dataclass(frozen=True)
class Route:
    kind: str          # "simple" | "complex"
    hops: int
    confidence: float


class Router:
    """Predicts simple (<= delta hops) vs complex from the question embedding alone."""

    def __init__(self, model: EmbeddingClassifier, params: FragOptions):
        if set(model.classes) != {"simple", "complex"}:
            raise ConfigError("router model must have the classes 'simple' and 'complex'")
        self.model, self.params = model, params

    def route(self, embedding: np.ndarray, prior_hops: int = 0) -> Route:
        """Simple or complex from the question alone; a chain the prior is confident of
        (``prior_hops``, 0 for none) that is longer than the route's radius widens it to that length."""
        p = self.model.scores(embedding)
        kind = "complex" if p["complex"] > p["simple"] else "simple"
        hops = self.params.hops_complex if kind == "complex" else self.params.hops_simple
        if hops < prior_hops <= self.params.hops_complex:
            kind, hops = ("complex" if prior_hops > self.params.delta else kind), prior_hops
        return Route(kind, hops, round(max(p.values()), 4))


class ChainScorer:
    """Scores relations (per hop, for pruning) and whole chains (for path reranking) for one question."""

    def __init__(self, prior: EmbeddingClassifier | None, rankers, verbalize, params: FragOptions):
        self.prior, self.rankers, self.verbalize, self.params = prior, list(rankers), verbalize, params
        self._prior_chains = {k: tuple(_parse(k)) for k in (prior.classes if prior else ())}

    def for_question(self, masked: str, embedding: np.ndarray) -> "QuestionChains":
        probs = self.prior.scores(embedding) if self.prior is not None else {}
        return QuestionChains(self, masked, probs)

    def verbalize_chain(self, chain: Sequence[Relation]) -> str:
        return " ; ".join(self.verbalize(r) + (" (reverse)" if r.inverse else "") for r in chain)


def _parse(key: str):
    return [(r.iri, r.via, r.inverse) for r in parse_chain_key(key)]


class QuestionChains:
    def __init__(self, scorer: ChainScorer, masked: str, probs: dict[str, float]):
        self.s, self.masked, self.probs = scorer, masked, probs

    def _semantic(self, texts: list[str]) -> np.ndarray:
        """The zero-shot rankers' scores, each min-max normalised over ``texts``, weighted and averaged."""
        if not texts:
            return np.zeros(0)
        weights = self.s.params.ranker_weights or (1.0,) * len(self.s.rankers)
        total = np.zeros(len(texts))
        for ranker, weight in zip(self.s.rankers, weights):
            raw = ranker.rank(self.masked, texts)
            total += weight * (np.full(len(raw), 0.5) if max(raw) - min(raw) <= 1e-12 else np.asarray(minmax(raw)))
        return total / sum(weights)

    def relation_scores(self, hop: int, relations: Sequence[Relation]) -> list[float]:
        prior = np.zeros(len(relations))
        keys = [r.key() for r in relations]
        for chain_key_, steps in self.s._prior_chains.items():
            if len(steps) > hop and steps[hop] in keys:
                prior[keys.index(steps[hop])] += self.probs.get(chain_key_, 0.0)
        sem = self._semantic([self.s.verbalize(r) for r in relations])
        return self._fuse(prior, sem).tolist()

    def confident_length(self, min_prob: float = 0.25) -> int:
        """Hops of the prior's most likely chain when its probability is at least ``min_prob``, else 0."""
        key, p = max(self.probs.items(), key=lambda kv: kv[1], default=(None, 0.0))
        return len(self.s._prior_chains[key]) if key is not None and p >= min_prob else 0

    def likely_chains(self, max_len: int, k: int = 3, min_prob: float = 0.05) -> list[tuple[Relation, ...]]:
        """The prior's top-k chains (up to ``max_len`` hops): walked inside the subgraph even when
        they are not among the shortest paths, because the answer may also sit closer to the topic."""
        ranked = sorted(self.probs.items(), key=lambda kv: -kv[1])
        out = []
        for key, p in ranked:
            if p < min_prob or len(out) >= k:
                break
            chain = tuple(Relation(i, None, inv, v) for i, v, inv in self.s._prior_chains[key])
            if len(chain) <= max_len:
                out.append(chain)
        return out

    def rank_chains(self, chains: Sequence[tuple[Relation, ...]]) -> list[tuple[tuple[Relation, ...], float]]:
        prior = np.array([self.probs.get(chain_key(c), 0.0) for c in chains])
        sem = self._semantic([self.s.verbalize_chain(c) for c in chains])
        scores = self._fuse(prior, sem)
        order = sorted(range(len(chains)), key=lambda i: (-scores[i], len(chains[i]), chain_key(chains[i])))
        return [(chains[i], float(scores[i])) for i in order]

    def _fuse(self, prior: np.ndarray, sem: np.ndarray) -> np.ndarray:
        return fuse_prior(prior, sem, self.s.params.prior_weight) if self.probs else sem

"""FRAG building blocks: validated parameters, the reasoning-aware router and the relation-chain
scorer (learned chain prior fused with a zero-shot ranker over verbalised chains)."""
from __future__ import annotations

from dataclasses import dataclass, fields
from importlib import resources
from typing import Sequence

import numpy as np

from ..config import Settings
from ..errors import ConfigError
from ..learn import EmbeddingClassifier, chain_key
from ..types import Relation

__all__ = ["FragParams", "Router", "Route", "ChainScorer", "packaged_model"]


def packaged_model(name: str) -> str:
    return str(resources.files("kgsparql.data").joinpath(name))


@dataclass(frozen=True)
class FragParams:
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
    ranker: str = "fusion"
    router_model: str = ""
    chain_model: str = ""

    def __post_init__(self) -> None:
        if not 1 <= self.hops_simple <= self.hops_complex <= 4:
            raise ConfigError("frag: need 1 <= hops_simple <= hops_complex <= 4")
        for name in ("top_n", "top_m", "top_u", "fanout_cap", "fanout_cap_first"):
            if getattr(self, name) < 1:
                raise ConfigError(f"frag: {name} must be at least 1")
        if not 0 < self.damping < 1 or not 0 <= self.prior_weight <= 1:
            raise ConfigError("frag: damping must be in (0, 1) and prior_weight in [0, 1]")

    @classmethod
    def from_settings(cls, settings: Settings) -> "FragParams":
        opts = dict(settings.plugin("frag"))
        known = {f.name: f.type for f in fields(cls)}
        unknown = set(opts) - set(known)
        if unknown:
            raise ConfigError(f"frag: unknown option(s) {', '.join(sorted(unknown))}")
        return cls(**opts)


@dataclass(frozen=True)
class Route:
    kind: str          # "simple" | "complex"
    hops: int
    confidence: float


class Router:
    """Predicts simple (<= delta hops) vs complex from the question embedding alone."""

    def __init__(self, model: EmbeddingClassifier, params: FragParams):
        if set(model.classes) != {"simple", "complex"}:
            raise ConfigError("router model must have the classes 'simple' and 'complex'")
        self.model, self.params = model, params

    def route(self, embedding: np.ndarray) -> Route:
        p = self.model.scores(embedding)
        kind = "complex" if p["complex"] > p["simple"] else "simple"
        hops = self.params.hops_complex if kind == "complex" else self.params.hops_simple
        return Route(kind, hops, round(max(p.values()), 4))


class ChainScorer:
    """Scores relations (per hop, for pruning) and whole chains (for path reranking) for one question."""

    def __init__(self, prior: EmbeddingClassifier | None, ranker, verbalize, params: FragParams):
        self.prior, self.ranker, self.verbalize, self.params = prior, ranker, verbalize, params
        self._prior_chains = {k: tuple(_parse(k)) for k in (prior.classes if prior else ())}

    def for_question(self, masked: str, embedding: np.ndarray) -> "QuestionChains":
        probs = self.prior.scores(embedding) if self.prior is not None else {}
        return QuestionChains(self, masked, probs)

    def verbalize_chain(self, chain: Sequence[Relation]) -> str:
        return " ; ".join(self.verbalize(r) + (" (reverse)" if r.inverse else "") for r in chain)


def _parse(key: str):
    from ..learn import parse_chain_key

    return [(r.iri, r.via, r.inverse) for r in parse_chain_key(key)]


class QuestionChains:
    def __init__(self, scorer: ChainScorer, masked: str, probs: dict[str, float]):
        self.s, self.masked, self.probs = scorer, masked, probs

    def _semantic(self, texts: list[str]) -> np.ndarray:
        if not texts:
            return np.zeros(0)
        raw = np.asarray(self.s.ranker.rank(self.masked, texts), dtype=float)
        lo, hi = raw.min(), raw.max()
        return (raw - lo) / (hi - lo) if hi > lo else np.full(len(raw), 0.5)

    def relation_scores(self, hop: int, relations: Sequence[Relation]) -> list[float]:
        prior = np.zeros(len(relations))
        keys = [r.key() for r in relations]
        for chain_key_, steps in self.s._prior_chains.items():
            if len(steps) > hop and steps[hop] in keys:
                prior[keys.index(steps[hop])] += self.probs.get(chain_key_, 0.0)
        sem = self._semantic([self.s.verbalize(r) for r in relations])
        return self._fuse(prior, sem).tolist()

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
        """Both terms on [0, 1] over the candidates at hand: the prior relative to the best candidate
        (its raw probability is spread over every chain it knows), the ranker min-max normalised."""
        top = prior.max() if len(prior) else 0.0
        if not self.probs or top <= 0:
            return sem
        w = self.s.params.prior_weight
        return w * (prior / top) + (1 - w) * sem

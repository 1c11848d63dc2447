"""FRAG's relation-chain scorer: the shared trained chain scorer (``meaning.ChainScorer``, any KG)
blended with zero-shot rankers over verbalised chains, and an optional per-KG chain-key prior fused
on top; per hop (for pruning) and per whole chain (for path reranking)."""
from __future__ import annotations

from typing import Sequence

import numpy as np

from ...learn import EmbeddingClassifier, chain_key, parse_chain_key
from ...learn.chain_prior import ChainPrior
from ...meaning import ChainScorer as TrainedChainScorer, ChainText
from ...rank import fuse_prior, minmax
from ...rank.path_words import chain_words
from ...types import Relation
from .options import FragOptions
from .prior_heads import chain_prior
from .prior_agreement import direction_from_kg, favourite_holds

__all__ = ["ChainScorer", "QuestionChains", "chain_prior"]

class ChainScorer:
    """Scores relations (per hop, for pruning) and whole chains (for path reranking) for one question."""

    def __init__(self, prior: ChainPrior | EmbeddingClassifier | None, rankers, verbalize, params: FragOptions,
                 trained: TrainedChainScorer | None = None, encoder=None):
        self.prior, self.rankers, self.verbalize, self.params = prior, list(rankers), verbalize, params
        self.trained, self.encoder = trained, encoder
        self._chains: dict | None = None
        self._weights: dict | None = None

    def weight(self, name: str) -> float:
        """``prior_weight`` / ``trained_weight``: as tuned for the KG's own prior head (its
        ``fusion`` meta, set by ``kgsparql train chains``) where one speaks, else ``[methods.frag]``."""
        if self._weights is None:
            fusion = getattr(self.prior, "fusion", None)
            self._weights = fusion() if fusion else {}
        return self._weights.get(name, getattr(self.params, name))

    @property
    def _prior_chains(self) -> dict:
        """Chain key -> its steps, for the prior's chains that speak on this KG (read on first use)."""
        if self._chains is None:
            self._chains = {k: tuple(_parse(k)) for k in (self.prior.classes if self.prior else ())}
        return self._chains

    def for_question(self, masked: str, embedding: np.ndarray) -> "QuestionChains":
        probs = self.prior.scores(embedding) if self.prior is not None else {}
        every = getattr(self.prior, "every_head", None)
        return QuestionChains(self, masked, probs, probs or (every(embedding) if every else {}))

    def _key_chain(self, key: str) -> tuple[Relation, ...]:
        return parse_chain_key(key)

    def _key_words(self, key: str) -> str:
        return self.verbalize_chain(self._key_chain(key))

    def verbalize_chain(self, chain: Sequence[Relation]) -> str:
        return chain_words(chain, self.verbalize)

    def in_words(self, chain: Sequence[Relation], answers: int = 0) -> ChainText:
        return ChainText(tuple(self.verbalize(r) for r in chain), tuple(r.inverse for r in chain), answers)


def _parse(key: str):
    return [r.key() for r in parse_chain_key(key)]


class QuestionChains:
    def __init__(self, scorer: ChainScorer, masked: str, probs: dict[str, float], hop_probs: dict[str, float]):
        self.s, self.masked, self.probs, self.hop_probs = scorer, masked, probs, hop_probs
        self.trained_probability: dict = {}     # chain -> the shared scorer's softmax over the candidates

    def _semantic(self, texts: list[str], known: bool = True) -> np.ndarray:
        """The zero-shot rankers' scores, each min-max normalised over ``texts``, weighted and averaged
        (``known``: the prior knows some of the candidates; else ``zero_shot_weights``)."""
        if not texts:
            return np.zeros(0)
        p = self.s.params
        weights = (p.zero_shot_weights if not known and p.zero_shot_weights else p.ranker_weights) \
            or (1.0,) * len(self.s.rankers)
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
        sem = self._semantic([self.s.verbalize(r) for r in relations], bool(prior.any()))
        return self._fuse(prior, sem).tolist()

    def confident_length(self, min_prob: float = 0.25) -> int:
        """Hops of the prior's most likely chain when its probability is at least ``min_prob``, else 0
        (where no head knows the KG, the most likely chain of any head: the phrasing's hop count)."""
        key, p = max(self.hop_probs.items(), key=lambda kv: kv[1], default=(None, 0.0))
        return len(parse_chain_key(key)) if key is not None and p >= min_prob else 0

    def likely_chains(self, max_len: int, k: int = 3, min_prob: float = 0.05) -> list[tuple[Relation, ...]]:
        """The prior's top-k chains (up to ``max_len`` hops): walked inside the subgraph even when
        they are not among the shortest paths, because the answer may also sit closer to the topic."""
        ranked = sorted(self.probs.items(), key=lambda kv: -kv[1])
        out = []
        for key, p in ranked:
            if p < min_prob or len(out) >= k:
                break
            chain = parse_chain_key(key)
            if len(chain) <= max_len:
                out.append(chain)
        return out

    def _trained(self, chains: Sequence[tuple[Relation, ...]], answers) -> np.ndarray | None:
        """The shared scorer's scores over ``chains``, min-max normalised (None without a model)."""
        if self.s.trained is None or not chains:
            return None
        words = [self.s.in_words(c, answers.get(c, 0)) for c in chains]
        raw = self.s.trained.score(self.masked, words, self.s.encoder)
        self.trained_probability = dict(zip(chains, self.s.trained.probabilities(raw).tolist()))
        return np.asarray(minmax(raw.tolist()))

    def rank_chains(self, chains: Sequence[tuple[Relation, ...]],
                    answers: dict | None = None) -> list[tuple[tuple[Relation, ...], float]]:
        """``answers``: how many entities each chain reaches, where known."""
        if self.probs and chains and self.s.params.prior_agreement:
            self._agree(chains)
        prior = np.array([self.probs.get(chain_key(c), 0.0) for c in chains])
        sem = self._semantic([self.s.verbalize_chain(c) for c in chains], bool(prior.any()))
        trained = self._trained(chains, answers or {})
        if trained is not None:
            w = self.s.weight("trained_weight")
            sem = w * trained + (1 - w) * sem
        scores = self._fuse(prior, sem)
        order = sorted(range(len(chains)), key=lambda i: (-scores[i], len(chains[i]), chain_key(chains[i])))
        return [(chains[i], float(scores[i])) for i in order]

    def judges(self, against: tuple[Relation, ...]) -> list:
        """Who may contradict the prior: the zero-shot rankers and the shared trained scorer, each
        scoring a list of the prior's chain keys and ``against``, a chain of the topic's, last."""
        s = self.s
        chains = lambda keys: [s._key_chain(k) for k in keys] + [against]
        out = [lambda keys: self._semantic([s.verbalize_chain(c) for c in chains(keys)])]
        if s.trained is not None:
            out.append(lambda keys: s.trained.score(self.masked, [s.in_words(c) for c in chains(keys)], s.encoder))
        return out

    def _agree(self, chains: Sequence[tuple[Relation, ...]]) -> None:
        """The prior against the topic's chains: the KG tells the direction of a relation it and the
        words agree on, and it keeps silent where it wants a chain the question's words do not ask for."""
        keys = [chain_key(c) for c in chains]
        scores = self._semantic([self.s.verbalize_chain(c) for c in chains])
        best = max(chains, key=dict(zip(chains, scores)).get)      # the topic's chain the rankers like best
        self.probs = direction_from_kg(self.probs, keys, chain_key(best))
        if not favourite_holds(self.probs, keys, self.judges(best)):
            self.probs = {}

    def _fuse(self, prior: np.ndarray, sem: np.ndarray) -> np.ndarray:
        return fuse_prior(prior, sem, self.s.weight("prior_weight")) if self.probs else sem

"""``ChainScorer``: a small trained model that scores (question, relation chain) pairs, for any KG.

A chain is given in the KG's own words, one text per hop (``verbalise``), with each hop's direction.
Nothing in the model names a relation: it reads frozen MiniLM embeddings of the masked question
``q`` and of the chain ``c`` and a few cheap features, so a model fitted on one KG's vocabulary
scores another's. The features (``chain_features``), all scaled to about unit size:

- ``q ⊙ c``: a learned, weighted cosine between question and chain;
- ``q`` once per hop count (1, 2, 3+) and ``q`` times the share of reverse hops: what the question
  says about how far and which way to walk from its topic;
- cosine(q, c); the ``RelationMatcher`` score of the best, worst and mean hop; the share of the
  chain's word stems the question uses and of the question's content stems the chain covers; hop
  count one-hot; share of reverse hops; log of the answer count when known;
- (feature set 2) which words of the question the chain covers from which side, hop order and the
  asked noun against the last hop (``chain_direction``).

A linear map over them, fitted with a listwise softmax over the candidate chains of one topic
(``kgsparql.learn.chain_training``), gives a score; higher is better. Saved as a small ``.npz``."""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Sequence

import numpy as np

from ..errors import ConfigError
from ..rank.base import stems
from .chain_direction import DIRECTION_FEATURES, direction_features
from .matcher import MASK, Encoder, RelationMatcher

__all__ = ["ChainScorer", "ChainText", "chain_features", "chain_text", "FEATURES", "FEATURE_SETS",
           "DEFAULT_FEATURE_SET"]

DIM = 384
_SCALARS = ("cosine", "hop_best", "hop_worst", "hop_mean", "chain_stems_used", "question_stems_covered",
            "one_hop", "two_hops", "three_hops", "reverse_share", "log_answers")
FEATURES = 5 * DIM + len(_SCALARS)
# feature set -> width: 1 the features above, 2 those and the direction-aware ones; a model's width
# says which set it reads, so an older model keeps scoring as it was fitted
FEATURE_SETS = {1: FEATURES, 2: FEATURES + len(DIRECTION_FEATURES)}
DEFAULT_FEATURE_SET = 1     # what ``kgsparql train relations`` fits (set 2 measured no better: docs/training.md)


@dataclass(frozen=True)
class ChainText:
    """A chain in words: one text per hop, and which hops walk a relation backwards."""

    hops: tuple[str, ...]
    reverse: tuple[bool, ...]
    answers: int = 0        # how many entities the chain reaches (0: not known)


def chain_text(chain: ChainText) -> str:
    """The text the encoder reads for a whole chain: hops in order, a reverse hop marked."""
    return " ; ".join(h + (" (reverse)" if r else "") for h, r in zip(chain.hops, chain.reverse))


def chain_features(question: str, chains: Sequence[ChainText], encoder: Encoder,
                   matcher: RelationMatcher | None = None, feature_set: int = 1) -> np.ndarray:
    """One row of ``FEATURE_SETS[feature_set]`` features per chain, for the masked ``question``."""
    if feature_set not in FEATURE_SETS:
        raise ConfigError(f"chain scorer feature set must be one of {sorted(FEATURE_SETS)}, not {feature_set}")
    if not chains:
        return np.zeros((0, FEATURE_SETS[feature_set]), dtype=np.float32)
    matcher = matcher or RelationMatcher(encoder=encoder)
    texts = [chain_text(c) for c in chains]
    vectors = encoder.embed([question, *texts])
    q, c = vectors[0], vectors[1:]
    hop_names = list(dict.fromkeys(h for ch in chains for h in ch.hops))
    hop_score = dict(zip(hop_names, matcher.name_scores(question, hop_names).tolist()))
    q_stems = stems(question) - {MASK}
    rows = np.zeros((len(chains), FEATURE_SETS[feature_set]), dtype=np.float32)
    scale = np.sqrt(DIM)
    rows[:, :DIM] = (c * q) * DIM
    for i, ch in enumerate(chains):
        n = len(ch.hops)
        rows[i, DIM * min(n, 3):DIM * (min(n, 3) + 1)] = q * scale
        reverse = sum(ch.reverse) / n
        rows[i, 4 * DIM:5 * DIM] = q * scale * reverse
        per_hop = [hop_score[h] for h in ch.hops]
        c_stems = stems(" ".join(ch.hops))
        rows[i, 5 * DIM:FEATURES] = (
            float(c[i] @ q), max(per_hop), min(per_hop), sum(per_hop) / n,
            len(c_stems & q_stems) / len(c_stems) if c_stems else 0.0,
            len(c_stems & q_stems) / len(q_stems) if q_stems else 0.0,
            n == 1, n == 2, n >= 3, reverse, np.log1p(ch.answers) / 5.0)
    if feature_set >= 2:
        rows[:, FEATURES:] = direction_features(question, chains, encoder, hop_score, MASK)
    return rows


@dataclass(frozen=True)
class ChainScorer:
    """The fitted linear map. ``score(question, chains, encoder)`` -> one score per chain."""

    weights: np.ndarray          # (FEATURE_SETS[n],): its width says which feature set it reads
    meta: dict = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.weights.ndim != 1 or self.weights.shape[0] not in FEATURE_SETS.values():
            raise ConfigError(f"chain scorer needs one of {sorted(FEATURE_SETS.values())} weights, "
                              f"not {self.weights.shape}")

    @property
    def feature_set(self) -> int:
        return next(k for k, width in FEATURE_SETS.items() if width == self.weights.shape[0])

    def score_rows(self, rows: np.ndarray) -> np.ndarray:
        return rows @ self.weights

    def score(self, question: str, chains: Sequence[ChainText], encoder: Encoder,
              matcher: RelationMatcher | None = None) -> np.ndarray:
        return self.score_rows(chain_features(question, chains, encoder, matcher, self.feature_set))

    def probabilities(self, scores: np.ndarray) -> np.ndarray:
        """Softmax over one question's candidates: how sure the model is of each."""
        if not len(scores):
            return scores
        e = np.exp(scores - scores.max())
        return e / e.sum()

    def save(self, path: str | Path) -> None:
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        with open(path, "wb") as fh:
            np.savez_compressed(fh, weights=self.weights.astype(np.float32),
                                meta=np.array(json.dumps({"kind": "chain-scorer", **self.meta})))

    @classmethod
    def load(cls, path: str | Path) -> "ChainScorer":
        try:
            with np.load(path, allow_pickle=False) as data:
                meta = json.loads(str(data["meta"]))
                if meta.get("kind") != "chain-scorer":
                    raise ValueError("not a chain scorer (kind is not 'chain-scorer')")
                return cls(data["weights"].astype(np.float32), meta)
        except (OSError, KeyError, ValueError) as exc:
            raise ConfigError(f"cannot load chain scorer {path}: {exc}") from None

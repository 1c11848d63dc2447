"""Abstention: "not in the KG" when the best relation chain a method found does not match what the
question asks, instead of a confident answer along some other relation.

``RelationMatch.assess`` scores how well the chosen chain matches the (masked) question, from two
views that do not need each other:

- the learned chain prior, when the method has one that knows this KG's chains: the prior
  probability of the chosen chain relative to the prior's own favourite (1 when the question's
  most likely chain is the one chosen, near 0 when the prior wanted a chain this entity lacks);
- the zero-shot ``alignment`` of the chain's hops with the question's relation words, where a word
  counts as a relation word when it names any relation of the KG's vocabulary
  (``adapter.schema_relations``): "what genre is X" names ``has genre``, so a chain made of
  ``written by`` aligns with nothing.

The score is the larger of the two (either view recognising the chain is enough, so a paraphrase the
prior misreads is still answered when it names the chain's relations, and a phrasing that names no
relation word is answered when the prior knows it); the method abstains below ``threshold``,
calibrated on MetaQA dev (``benchmarks/abstention.py``; the figures are in docs/abstention.md).
Options: ``[plugins.abstention]``."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from ..errors import ConfigError, KGSparqlError

__all__ = ["AbstentionOptions", "Match", "RelationMatch"]


@dataclass(frozen=True)
class AbstentionOptions:
    enabled: bool = True
    threshold: float = 0.5          # abstain when the match score is below this
    vocabulary_limit: int = 20000   # relations of the KG read for the comparison

    def __post_init__(self) -> None:
        if not 0.0 <= self.threshold <= 1.0 or self.vocabulary_limit < 1:
            raise ConfigError("need 0 <= threshold <= 1 and vocabulary_limit >= 1")


@dataclass(frozen=True)
class Match:
    """How well a chain matches a question; ``parts`` are the measurements behind ``score``."""

    score: float
    chain: str
    wanted: str | None = None             # the KG relation the question reads closest to
    parts: dict[str, float] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"score": round(self.score, 4), "chain": self.chain, "wanted": self.wanted,
                **{k: round(v, 4) for k, v in self.parts.items()}}


class RelationMatch:
    """Built once per method context: ``aligner`` is the ``alignment`` ranker, ``vocabulary`` returns
    the verbalised relations of the KG (called once, on first use)."""

    def __init__(self, aligner, vocabulary: Callable[[], Sequence[str]], options: AbstentionOptions):
        self.aligner, self.options = aligner, options
        self._vocabulary_loader = vocabulary
        self._vocabulary: list[str] | None = None

    def vocabulary(self) -> list[str]:
        if self._vocabulary is None:
            try:
                words = list(dict.fromkeys(self._vocabulary_loader()))[: self.options.vocabulary_limit]
            except KGSparqlError:       # a big endpoint may refuse the scan: align with the chain only
                words = []
            self._vocabulary = words
        return self._vocabulary

    def assess(self, masked: str, chain_text: str, relation_texts: Sequence[str],
               prior_best: float | None = None, prior_top: float | None = None) -> Match:
        """``chain_text``: the chain in words; ``relation_texts``: its relations one by one (hop order).
        ``prior_best`` / ``prior_top``: the prior's probability of this chain and of its favourite,
        given only when the prior knows this KG's chains (None otherwise)."""
        labels = list(dict.fromkeys([*self.vocabulary(), *relation_texts]))
        evidence = self.aligner.evidence(masked, labels)
        parts = {"alignment": self.aligner.score(list(relation_texts), evidence)}
        if prior_best is not None and prior_top:
            parts["prior"] = prior_best / prior_top
        named = [label for e in evidence.values() for label in e if label not in relation_texts]
        return Match(max(parts.values()), chain_text, named[0] if named else None, parts)

    def reason(self, match: Match, topic: str) -> str | None:
        """Why to abstain (one line), or None to answer."""
        if not self.options.enabled or match.score >= self.options.threshold:
            return None
        if match.wanted:
            return (f"the KG has no '{match.wanted}' for {topic} (the closest it holds is "
                    f"'{match.chain}', which does not match the question)")
        return f"nothing the KG holds about {topic} matches the question (closest: '{match.chain}')"

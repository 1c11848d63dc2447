"""Abstention: "not in the KG" when the best relation chain a method found does not match what the
question asks, instead of a confident answer along some other relation.

``RelationMatch.assess`` measures how well the chosen chain matches the (masked) question from two
views that do not need each other:

- ``prior``, when the method has a learned chain prior that knows this KG's chains: the prior
  probability of the chosen chain relative to the prior's own favourite (1 when the question's
  most likely chain is the one chosen, near 0 when the prior wanted a chain this entity lacks);
- ``alignment`` (zero-shot, any KG): the F1 of the chain's hops aligned with the question's relation
  words, where a word counts as a relation word when it names any relation of the KG's vocabulary
  (``adapter.schema_relations``): "what genre is X" names ``has genre``, so a chain made of
  ``written by`` aligns with nothing.

The prior recognises the chain when its ratio reaches ``threshold``; alignment when its F1 reaches
``zero_shot_threshold``, but only while the prior is not confident (its favourite below
``prior_confident``): alignment ignores hop order, so "the films written by X were directed by who"
aligns as well with ``directed by (reverse) ; written by``, a chain a confident prior rightly rejects.
The method answers when some view recognises the chain (a paraphrase the prior misreads is still
answered when it names the chain's relations) and abstains when none does. Both thresholds are
calibrated on MetaQA ``tune`` (``benchmarks/abstention.py``; figures in docs/abstention.md).

A third view, ``meaning``, speaks for a KG without a trained prior; alone, it needs the shared chain
scorer not to clearly prefer another chain (``meaning_agreement``). A chain that reaches only dates
does not answer a question that asks for no date (``answer_kind``, ``kind_reason``). Options:
``[plugins.abstention]`` (``AbstentionOptions``)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from ..errors import KGSparqlError
from .abstention_options import AbstentionOptions
from .answer_kind import dates_unasked

__all__ = ["AbstentionOptions", "Match", "RelationMatch"]


@dataclass(frozen=True)
class Match:
    """How well a chain matches a question: one value per view, and the views that recognise it."""

    chain: str
    parts: dict[str, float] = field(default_factory=dict)
    recognised: tuple[str, ...] = ()
    wanted: str | None = None             # a KG relation the question names that the chain does not use

    def to_json(self) -> dict[str, Any]:
        return {"chain": self.chain, "recognised": list(self.recognised), "wanted": self.wanted,
                **{k: round(v, 4) for k, v in self.parts.items()}}

    def prior_when_chosen(self) -> float:
        """The prior's probability of its favourite when that favourite is this chain, else 0."""
        shown = {k: round(v, 4) for k, v in self.parts.items()}
        return shown.get("prior_top", 0.0) if shown.get("prior", 0.0) >= 0.999 else 0.0


class RelationMatch:
    """Built once per method context: ``aligner`` is the ``alignment`` ranker, ``vocabulary`` returns
    the verbalised relations of the KG (called once, on first use)."""

    def __init__(self, aligner, vocabulary: Callable[[], Sequence[str]], options: AbstentionOptions,
                 matcher=None, kinds=None, trust=None, describe=None):
        self.aligner, self.options, self.kinds = aligner, options, kinds   # kinds: a KindRelations
        self.trust = trust      # a ScorerTrust: may the chain scorer veto on this KG?
        self.describe = describe    # Relation -> longer names from the KG's schema (its Freebase type)
        self.matcher = matcher if options.meaning else None   # a kgsparql.meaning.RelationMatcher
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
               prior_best: float | None = None, prior_top: float | None = None, *,
               topics: Sequence = (), chain: Sequence = (), trained: tuple[float, float] | None = None,
               scorer=None) -> Match:
        """``chain_text``: the chain in words; ``relation_texts``: its relations one by one (hop order).
        ``prior_best`` / ``prior_top``: the prior's probability of this chain and of its favourite,
        given only when the prior knows this KG's chains (None otherwise). ``topics`` and ``chain``
        (its ``Relation``s), when given, let a relation the question names count against the chain
        only where the topic's kind usually holds it (``kind_share``). ``trained``: the shared chain
        scorer's probability of this chain and of its favourite among the candidates; ``scorer``: that
        scorer (its veto counts only where it is trusted on this KG, ``scorer_trusted``)."""
        labels = list(dict.fromkeys([*self.vocabulary(), *relation_texts]))
        evidence = getattr(self.aligner, "question_evidence", self.aligner.evidence)(masked, labels)
        parts = {"alignment": self.aligner.score(list(relation_texts), evidence)}
        recognised = []
        if trained is not None:
            parts["trained"], parts["trained_top"] = trained
        if prior_best is not None and prior_top:
            parts["prior"], parts["prior_top"] = prior_best / prior_top, prior_top
            if parts["prior"] >= self.options.threshold:
                recognised.append("prior")
        unsure = parts.get("prior_top", 0.0) < self.options.prior_confident
        if parts["alignment"] >= self.options.zero_shot_threshold and unsure:
            recognised.append("alignment")
        named = [label for e in evidence.values() for label in e if label not in relation_texts]
        several = len(relation_texts) > 1 and parts["alignment"] < self.options.meaning_chain_alignment
        if self.matcher is not None and unsure and not several and self._scorer_agrees(parts, scorer):
            named_by_word = [label for e in evidence.values() for label, v in e.items()
                             if v >= 1.0 and label not in relation_texts]
            names = self._names(relation_texts, chain)
            if self._meant(masked, names, named_by_word, parts) or (
                    "meaning_rival" in parts and self._meant(
                        masked, names, self._usual(named_by_word, topics, chain, parts), parts)):
                recognised.append("meaning")
        return Match(chain_text, parts, tuple(recognised), named[0] if named else None)

    def _scorer_agrees(self, parts: dict, scorer=None) -> bool:
        """The shared chain scorer (trained on synthetic questions from KG triples) does not clearly
        prefer another chain: the meaning view alone is not trusted against it ("who edited X" read as
        ``director`` by meaning while the scorer wants another chain), unless the scorer misranks this
        KG's own synthetic questions too often to be a witness (``scorer_trusted``)."""
        if "trained" not in parts or not parts.get("trained_top"):
            return True
        if parts["trained"] >= self.options.meaning_agreement * parts["trained_top"]:
            return True
        accuracy = self.trust.accuracy(scorer) if self.trust is not None else None
        if accuracy is not None:
            parts["scorer_trust"] = accuracy
        return accuracy is not None and accuracy < self.options.scorer_trusted

    def _names(self, relation_texts: Sequence[str], chain: Sequence) -> dict[str, tuple[str, ...]]:
        """Each hop's names: its words, the KG's aliases, and the schema's longer names for it."""
        names = getattr(self.aligner, "names", {})
        described = len(chain) == len(relation_texts) and self.describe is not None
        return {t: (*names.get(t, (t,)), *(self.describe(r) if described else ()))
                for t, r in zip(relation_texts, chain if described else relation_texts)}

    def _meant(self, masked: str, hops: dict[str, tuple[str, ...]], others: Sequence[str], parts: dict) -> bool:
        """The meaning view (docs/meaning.md): the chain's relations mean something the question asks
        (its best hop scores ``meaning_min``), none is a detour the question does not ask for (every
        hop at least ``meaning_hop_ratio`` of the best), and no other relation of the KG that the
        question names word for word (``others``) means it better and means something else.
        ``hops``: the chain's relations, hop order, each with its names (``_names``)."""
        names, relation_texts = getattr(self.aligner, "names", {}), list(hops)
        scores = dict(self.matcher.rank(masked, {**{t: names.get(t, (t,)) for t in others}, **hops}))
        hops = [scores.get(t, 0.0) for t in relation_texts]
        if not hops:
            return False
        best, o = max(hops), self.options
        parts.update(meaning=best, meaning_weakest=min(hops))
        if best < o.meaning_min or min(hops) < o.meaning_hop_ratio * best:
            return False
        rivals = [t for t in others if scores.get(t, 0.0) > best + o.meaning_margin]
        if rivals and self.matcher.encoder is not None:     # a hop and each leg of a compound hop
            legs = list(dict.fromkeys([*relation_texts, *(leg.strip() for t in relation_texts for leg in t.split("→"))]))
            sims = self.matcher.encoder.embed(rivals) @ self.matcher.encoder.embed(legs).T
            rivals = [t for t, row in zip(rivals, sims) if row.max() < o.meaning_same]
        if rivals:
            parts["meaning_rival"] = scores[rivals[0]]
        return not rivals

    def _usual(self, named: Sequence[str], topics: Sequence, chain: Sequence, parts: dict) -> list[str]:
        """The relations in ``named`` that the topic's kind usually holds and the topic lacks (all when
        that is unknown): one the topic holds is no missing fact (a leg of the chain's own CVT node)."""
        if self.kinds is None or not topics or not chain:
            return list(named)
        shares, own = self.kinds.share(topics, chain[0], named), self.kinds.held(topics)
        usual = [t for t in named if shares.get(t, 0.0) >= self.options.kind_share and t not in own]
        parts["kind_share"] = max(shares.values(), default=0.0)
        parts.pop("meaning_rival", None)
        return usual

    def kind_reason(self, question: str, match: Match, answers: Sequence, topic: str) -> str | None:
        """Why to abstain when the chain's ends are not the kind of answer asked for (dates to a
        question that asks for none), unless the question names the chain's relations word for word."""
        if not (self.options.enabled and self.options.answer_kind) or not dates_unasked(question, answers):
            return None
        if match.parts.get("alignment", 0.0) >= self.options.zero_shot_threshold:
            return None
        return (f"nothing the KG holds about {topic} answers the question: the closest relation, "
                f"'{match.chain}', leads to dates, and the question asks for no date")

    def reason(self, match: Match, topic: str) -> str | None:
        """Why to abstain (one line), or None to answer."""
        if not self.options.enabled or match.recognised:
            return None
        if match.wanted:
            return (f"the KG has no '{match.wanted}' for {topic} (the closest it holds is "
                    f"'{match.chain}', which does not match the question)")
        return f"nothing the KG holds about {topic} matches the question (closest: '{match.chain}')"

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
does not answer a question that asks for no date (``answer_kind``, ``kind_reason``). The meaning
view lives in ``methods/meaning_view.py``. Where no word names the chain, the meaning view has not read
its direction: "who" about the topic as subject along a backward hop, and "where" answered with a "<verb>
by" label's agent, are refused on a small KG (``methods/unread_direction.py``, ``agent_label.py``). A two-hop
chain of a question that nests its topic is read hop by hop against its halves (``methods/nested_hops.py``). Options:
``[plugins.abstention]`` (``AbstentionOptions``)."""
from __future__ import annotations

from typing import Callable, Sequence

from ..errors import KGSparqlError
from ..meaning import without_direction
from ..rank.alignment import DATE_MENTION
from .abstention_options import AbstentionOptions
from .answer_checks import AnswerChecks
from .answer_kind import reads_as_date, without_time_frame
from .spent_words import spent_words
from .unread_direction import DirectionReadings
from .asked_kind import AskedNouns
from .chain_match import Match
from .meaning_view import MeaningView
from .named_relations import NamedRelations
from .nested_hops import NestedHops
from .outside_relations import OutsideRelations
from .relation_fit import RelationFit
from .relation_standing import RelationStanding

__all__ = ["AbstentionOptions", "Match", "RelationMatch"]


class RelationMatch(AnswerChecks, NamedRelations, AskedNouns, DirectionReadings, NestedHops):
    """Built once per method context: ``aligner`` is the ``alignment`` ranker, ``vocabulary`` returns
    the verbalised relations of the KG (called once, on first use)."""

    def __init__(self, aligner, vocabulary: Callable[[], Sequence[str]], options: AbstentionOptions,
                 matcher=None, kinds=None, trust=None, describe=None, fit=None, lexicon=None):
        self.aligner, self.options, self.kinds = aligner, options, kinds   # kinds: a KindRelations
        self.matcher = matcher if options.meaning else None   # a kgsparql.meaning.RelationMatcher
        self.view = MeaningView(aligner, self.matcher, options, kinds, trust, describe)
        self._vocabulary_loader = vocabulary
        self._vocabulary: list[str] | None = None
        self.outside = OutsideRelations(self.matcher, self._names, options, lexicon=lexicon) \
            if options.outside and self.matcher else None
        self.standing = RelationStanding(self.matcher, self._names, options) if self.matcher else None
        self.fit = RelationFit(self.matcher, fit, self._names, options.fit_veto, options.fit_lift,
                               options.outside_max_relations) if fit and self.matcher else None

    def _names(self) -> dict[str, tuple[str, ...]]:
        """Every relation of the KG with its names (labels and aliases)."""
        names = getattr(self.aligner, "names", {})
        return {t: tuple(names.get(t, (t,))) for t in self.vocabulary()}

    def _hop_names(self, relation_texts: Sequence[str]) -> dict[str, tuple[str, ...]]:
        names = getattr(self.aligner, "names", {})
        return {t: tuple(names.get(t, (t,))) for t in relation_texts}

    def few_relations(self) -> bool:
        """A KG of at most ``outside_max_relations`` relations: few enough that the question's words
        tell them apart (the bound of the meaning view alone and of the small-KG readings)."""
        return 0 < len(self.vocabulary()) <= self.options.outside_max_relations

    def _hop_ratio(self, parts: dict) -> float:
        """The share of the best hop the last hop of a chain needs in the meaning view: ``small_hop_ratio``
        on a KG of few relations where no prior speaks (the hop that reaches the answer may be named only by
        its kind, "in which *city* is the laboratory where X was discovered", and scores low against the
        whole question), ``meaning_hop_ratio`` elsewhere. Earlier hops, where a detour leaves the topic
        ("which films did X direct" through ``cast member (reverse)``), keep ``meaning_hop_ratio``."""
        small = "prior" not in parts and self.few_relations()
        return self.options.small_hop_ratio if small else self.options.meaning_hop_ratio

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
               scorer=None, unfit: frozenset[str] = frozenset(), kind_fit=None) -> Match:
        """``chain_text``: the chain in words; ``relation_texts``: its relations one by one (hop order).
        ``prior_best`` / ``prior_top``: the prior's probability of this chain and of its favourite,
        given only when the prior knows this KG's chains (None otherwise). ``topics`` and ``chain``
        (its ``Relation``s), when given, let a relation the question names count against the chain
        only where the topic's kind usually holds it (``kind_share``). ``trained``: the shared chain
        scorer's probability of this chain and of its favourite among the candidates; ``scorer``: that
        scorer (its veto counts only where it is trusted on this KG, ``scorer_trusted``). ``unfit``:
        relations whose values are not the kind of answer asked for (``methods/kind_fit.py``): a
        question word naming one of them names no rival of the chain. ``kind_fit``: reads, when called, how
        well a one-hop chain's ends fit the person or place asked for (``RelationStanding.kind_witness``)."""
        masked = without_time_frame(masked)      # "each year" asks for no date and names no relation
        labels = list(dict.fromkeys([*self.vocabulary(), *relation_texts]))
        evidence = self._evidence(masked, labels)
        parts = {"alignment": self.aligner.score(list(relation_texts), evidence)}
        recognised = []
        if trained is not None:
            parts["trained"], parts["trained_top"] = trained
        if prior_best is not None and prior_top:
            parts["prior"], parts["prior_top"] = prior_best / prior_top, prior_top
            if parts["prior"] >= self.options.threshold:
                recognised.append("prior")
        unsure = parts.get("prior_top", 0.0) < self.options.prior_confident
        named = parts["alignment"] >= self.options.zero_shot_threshold
        scored = named and self.view.scorer_favours(parts, scorer)   # two views that read hop order
        if named and (unsure or scored):
            recognised.append("alignment" if unsure else "alignment and scorer")
        own = {without_direction(t) for t in relation_texts} | {without_direction(t) for t in unfit}
        kind_nouns = self._kind_nouns(masked, evidence, own, topics, chain, parts)   # "which *country*"
        evidence = {w: {x: v for x, v in e.items() if without_direction(x) not in kind_nouns} for w, e in evidence.items()}
        dated = DATE_MENTION in evidence and reads_as_date(self.matcher, DATE_MENTION, relation_texts)
        spent = spent_words(masked, evidence, relation_texts) if self.options.spent_words else frozenset()  # no rivals
        others = [label for key, e in evidence.items() if not (dated and key == DATE_MENTION) and key not in spent
                  for label in e if without_direction(label) not in own]
        unheld = self._unheld(others, topics, chain, parts)      # they name no fact the topic lacks
        others = [label for label in others if without_direction(label) not in unheld]
        if any(v >= 1.0 for e in evidence.values() for label, v in e.items() if without_direction(label) not in own):
            parts["named_other"] = 1.0      # a word of the question names another relation as well
        several = len(relation_texts) > 1 and parts["alignment"] < self.options.meaning_chain_alignment
        if self.matcher is not None and unsure and not several and not self._named_elsewhere(parts, others) \
                and self.view.recognises(masked, evidence, relation_texts, parts, topics=topics, chain=chain,
                                         scorer=scorer, hop_ratio=self._hop_ratio(parts)):
            recognised.append("meaning")
        if not recognised and self._chain_named(parts, relation_texts, evidence, own, unheld, topics, chain):
            recognised.append("words and scorer")
        if not recognised and self._hop_by_hop(masked, relation_texts, parts, topics, chain, unfit):
            recognised.append("hop by hop")      # each hop meant by its half of a nesting question
        fitted = None
        if self.fit is not None and self.fit.decides(relation_texts, parts, recognised):   # an absolute witness
            reverse = [bool(getattr(r, "inverse", False)) for r in chain]
            fitted = self.fit.decision(masked, self._hop_names(relation_texts), parts, recognised, scorer, reverse)
        if fitted is not None:
            recognised = fitted
        elif recognised == ["meaning"] and len(relation_texts) == 1 and "prior" not in parts and "trained" in parts \
                and self.standing and not self.view.scorer_vouches(parts, scorer) and \
                not self.standing.stands_out(masked, self._hop_names(relation_texts), parts) and \
                not self.standing.kind_witness(parts, kind_fit):
            recognised = []         # the closest of a few relations, not one the question lifts out
        if recognised == ["meaning"] and self._backward_person(masked, chain, parts):
            recognised = []         # "who" along a hop walked backwards that no word names
        if recognised and self._agent_for_place(masked, relation_texts, chain, parts, kind_fit):
            recognised = []         # "where" answered with who did it ("discovered by")
        certain = "prior" in recognised and parts.get("prior_top", 0.0) >= self.options.outside_prior_certain
        rival = self._head_word_rival(masked, relation_texts, unfit | kind_nouns, parts) if recognised and not certain else None
        if rival:
            recognised, others = [], [rival, *others]
        framed = self._framed(masked, parts) if recognised and not certain else None   # "the *CEO* of X"
        if framed:
            recognised, others = [], [framed, *others]
        outside = self._outside(masked, relation_texts, parts) if recognised and not certain else None
        return Match(chain_text, parts, tuple(recognised), others[0] if others else None, outside, tuple(relation_texts))

    def reason(self, match: Match, topic: str) -> str | None:
        """Why to abstain (one line), or None to answer."""
        if not self.options.enabled or match.recognised:
            return None
        if match.wanted:
            return (f"the KG has no '{match.wanted}' for {topic} (the closest it holds is "
                    f"'{match.chain}', which does not match the question)")
        return f"nothing the KG holds about {topic} matches the question (closest: '{match.chain}')"

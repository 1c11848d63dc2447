"""The meaning view of abstention (``RelationMatch``'s third view, docs/abstention.md): the chain's
relations, read by the shared ``RelationMatcher``, mean what the question asks, and the shared chain
scorer does not clearly prefer another chain where it is a trusted witness on this KG."""
from __future__ import annotations

from typing import Sequence

from ..meaning import without_direction

__all__ = ["MeaningView", "ranked_first"]


class MeaningView:
    """``matcher``: a ``kgsparql.meaning.RelationMatcher``; ``kinds``: a ``KindRelations``; ``trust``: a
    ``ScorerTrust`` (may the chain scorer veto on this KG?); ``describe``: Relation -> longer names from
    the KG's schema (its Freebase type). All optional but the matcher."""

    def __init__(self, aligner, matcher, options, kinds=None, trust=None, describe=None):
        self.aligner, self.matcher, self.options = aligner, matcher, options
        self.kinds, self.trust, self.describe = kinds, trust, describe

    def recognises(self, masked: str, evidence: dict, relation_texts: Sequence[str], parts: dict, *,
                   topics: Sequence = (), chain: Sequence = (), scorer=None, hop_ratio: float | None = None) -> bool:
        """The chain means what the question asks (``evidence``: the aligner's relation words of the
        question); records what it measured in ``parts``. ``hop_ratio``: the share of the best hop the last
        hop needs (default ``meaning_hop_ratio``, which every earlier hop needs)."""
        if not self.agrees(parts, scorer):
            return False
        own = {without_direction(t) for t in relation_texts}     # a KG may store both directions
        named_by_word = [label for e in evidence.values() for label, v in e.items()
                         if v >= 1.0 and without_direction(label) not in own]
        names = self._names(relation_texts, chain)
        ratio = self.options.meaning_hop_ratio if hop_ratio is None else hop_ratio
        return self._meant(masked, names, named_by_word, parts, ratio) or (
            "meaning_rival" in parts and self._meant(
                masked, names, self._usual(named_by_word, topics, chain, parts), parts, ratio))

    def scorer_favours(self, parts: dict, scorer=None) -> bool:
        """The shared chain scorer ranks this chain first among the candidates, and is a witness on
        this KG (``scorer_trusted``; a KG that cannot be sampled keeps it). With the question naming
        the chain's relations (alignment), two views agree, one of which reads hop order and
        direction: that overrules a confident prior that wants another chain."""
        if not ranked_first(parts):
            return False
        accuracy = self._recorded_trust(parts, scorer)
        return accuracy is None or accuracy >= self.options.scorer_trusted

    def scorer_vouches(self, parts: dict, scorer=None) -> bool:
        """The shared chain scorer ranks this chain first and was measured trustworthy on this KG's own
        synthetic questions (a KG that cannot be sampled gives no witness here)."""
        if not ranked_first(parts):
            return False
        accuracy = self._recorded_trust(parts, scorer)
        return accuracy is not None and accuracy >= self.options.scorer_trusted

    def _recorded_trust(self, parts: dict, scorer) -> float | None:
        """The scorer's measured accuracy on this KG's own synthetic questions (None where it cannot be
        measured), recorded in ``parts["scorer_trust"]``."""
        accuracy = self.trust.accuracy(scorer) if self.trust is not None and scorer is not None else None
        if accuracy is not None:
            parts["scorer_trust"] = accuracy
        return accuracy

    def agrees(self, parts: dict, scorer=None) -> bool:
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

    def _meant(self, masked: str, hops: dict[str, tuple[str, ...]], others: Sequence[str], parts: dict,
               ratio: float) -> bool:
        """The meaning view (docs/meaning.md): the chain's relations mean something the question asks
        (its best hop scores ``meaning_min``), none is a detour the question does not ask for (every
        hop but the last at least ``meaning_hop_ratio`` of the best, the last, which reaches the answer and
        may be named only by its kind, "in which *city*", at least ``ratio``), and no other relation of the KG that the
        question names word for word (``others``) means it better and means something else.
        ``hops``: the chain's relations, hop order, each with its names (``_names``)."""
        names, relation_texts = getattr(self.aligner, "names", {}), list(hops)
        scores = dict(self.matcher.rank(masked, {**{t: names.get(t, (t,)) for t in others}, **hops}))
        hops = [scores.get(t, 0.0) for t in relation_texts]
        if not hops:
            return False
        best, o = max(hops), self.options
        parts.update(meaning=best, meaning_weakest=min(hops))
        detour = min(hops[:-1], default=best) < o.meaning_hop_ratio * best or hops[-1] < ratio * best
        if best < o.meaning_min or detour:
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


def ranked_first(parts: dict) -> bool:
    """The shared chain scorer gives this chain its highest probability among the candidates."""
    return bool(parts.get("trained_top")) and parts.get("trained", 0.0) >= parts["trained_top"]

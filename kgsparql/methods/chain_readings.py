"""The default method's readings of a question's candidate chains on a KG that no chain prior knows,
for every method: a walk out and back that nothing asks for, a longer walk where the question asks
one relation of its topic (it nests the topic in no noun phrase), the hop the question names or does not name (``chain_length``), head words and the
passive's direction (``head_words``, ``passive_direction``), the kind of answer asked for
(``kind_fit``: "when", "where", "who"), a nested phrase's second hop (``frag/bridges``), the noun asked
for (``frag/type_fit``), and how many relations a nested question names (the hops to walk at least).

FRAG applies them to its ranking inside its own pipeline; RefKG and KGFR, which rank chains by their
own judgement (a fact scorer, question-conditioned node scores), call ``ChainReadings`` on their
ranking once they have one (the nested phrase's hop count first: their own scores do not read it, and
the kind of answer picks among as many hops): each reading moves one candidate to the front and keeps the scores, so a
method's own judgement still decides wherever the readings say nothing. Where a chain prior knows
the KG's chains (MetaQA) the readings are silent, as in FRAG (docs/meaning.md, "Small KGs")."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Mapping, Sequence

from ..learn import chain_key
from ..meaning import without_direction
from ..rank.mentions import asks_for_like
from ..rank.path_words import chain_words
from .frag.bridges import asks_beyond_nest, nest_walked_through, nests
from .frag.clause_hop import clause_hop_first
from .frag.far_end import far_end_first
from .frag.small_kg import SmallKgChains
from .frag.type_fit import type_fit_first
from .frag.zero_shot import ZeroShotOrder
from .kind_fit import KindFit

__all__ = ["ChainReadings", "Ranked"]

Ranked = list[tuple[tuple, float]]      # (chain, score), best first


@dataclass(frozen=True)
class _Readings:
    """The switches ``ZeroShotOrder`` and ``SmallKgChains`` read (FRAG passes its ``FragOptions``)."""

    nested_hops: bool = True
    branch_pruning: bool = False


@dataclass(frozen=True)
class _Found:
    groups: Mapping      # chain -> its paths (``.get``); the last hop's heads tell a return to the topic
    ends: Mapping        # chain -> the entities it reaches


class ChainReadings:
    """``ctx``: the method context (adapter, encoder, abstention's vocabulary, alignment ranker);
    ``on``: the method's switch for them (off: ``order`` returns the ranking unchanged);
    ``flat_share``: a question that nests nothing around its topic takes the best one-hop chain
    over a longer best one that it scores at least this share of."""

    def __init__(self, ctx, on: bool = True, flat_share: float = 0.7):
        self.ctx, self.verbalize, self.flat_share = ctx, ctx.adapter.verbalize, flat_share
        encoder = ctx.encoder
        self.encoder = None if getattr(encoder, "lexical", False) else encoder
        self.on = on and ctx.abstention is not None
        kind_fit = KindFit(self.encoder, self.verbalize) if self.on and self.encoder is not None else None
        verbalize_chain: Callable = lambda chain: chain_words(chain, self.verbalize)
        self.zero_shot = ZeroShotOrder(ctx, ctx.adapter, verbalize_chain, kind_fit, _Readings())
        self.small = SmallKgChains(ctx, self.verbalize, kind_fit, _Readings())

    def speak(self, probs: Mapping[str, float], chains: Sequence) -> bool:
        """Whether the readings order ``chains``: they are on and the chain prior (``probs``, by chain
        key) knows none of them."""
        return self.on and not any(chain_key(c) in probs for c in chains)

    def order(self, question: str, masked: str, topics: Sequence, ranked: Ranked, groups: Mapping,
              ends: Mapping) -> Ranked:
        """``ranked`` reordered by the readings (scores kept). ``groups``: chain -> its paths;
        ``ends``: chain -> the entities it reaches."""
        if not self.on or len(ranked) < 2:
            return list(ranked)
        found, named = _Found(groups, ends), self._named(masked)
        if not asks_for_like(masked):   # no "other", "share", "teammates": a walk out and back goes behind
            unasked = lambda c: _walks_on_back(c) and not self._named_twice(c, named)
            ranked = sorted(ranked, key=lambda cs: unasked(cs[0]) or _circles(cs[0], ends))
            if not nests(masked):       # one relation of the topic asked: a close one-hop chain first
                ranked = _one_hop_first(ranked, self.flat_share)
        if self.small_kg():     # the hop count first: the kind of answer then picks among as many hops
            kind_fit = self.zero_shot.kind_fit
            ranked = nest_walked_through(masked, list(ranked), lambda c: kind_fit.fits(question, c, ends.get(c, ())))
        ranked, _ = self.zero_shot.order(question, masked, list(topics), list(ranked), found)
        if self.encoder is not None and ranked and ranked[0][1] > 0:    # "what *music*": the noun asked for,
            ranked = type_fit_first(self.encoder, masked, ranked, ends, min_share=0.6)  # never over a chain
            if self.small_kg():                         # that names twice the question's relation words;
                ranked = far_end_first(self.encoder, masked, ranked, ends)   # the far end, not the middle,
                ranked = clause_hop_first(self.encoder, masked, ranked, self.verbalize)  # and the clause's verb
        return ranked

    def _named(self, masked: str) -> dict[str, int]:
        """KG label -> how many of the question's words name it (the alignment ranker's evidence)."""
        if self.ctx.abstention is None:
            return {}
        evidence = self.ctx.ranker("alignment").evidence(masked, self.ctx.abstention.vocabulary())
        counts: dict[str, int] = {}
        for labels in evidence.values():
            for label in labels:
                counts[label] = counts.get(label, 0) + 1
        return counts

    def _named_twice(self, chain, named: Mapping[str, int]) -> bool:
        """The relation a chain walks back along is named by two words of the question ("the films
        *written* by the *writers* of X"): the question spells the walk out and back."""
        back = {chain[i] for i in range(1, len(chain)) if chain[i] == chain[i - 1].reversed()}
        return any(named.get(without_direction(self.verbalize(r)), 0) >= 2 for r in back)

    def small_kg(self) -> bool:
        """The readings that need a KG of few relations (the answer kind, head words) are on."""
        return self.on and self.zero_shot.small_kg()

    def named_hops(self, masked: str) -> int:
        """How many hops a question that nests its topic asks for at least, on a KG of few relations
        (0 elsewhere): one per relation its words name, and two where it asks something of the noun
        phrase around its topic ("where was the author of X born", although "born" names no label
        word for word): ``order`` then needs the two-hop candidates."""
        if not self.on or not self.ctx.abstention.few_relations():
            return 0
        return max(self.small.named_hops(masked), 2 if asks_beyond_nest(masked) else 0)


def _walks_on_back(chain) -> bool:
    """A chain of three hops or more that walks back along its previous hop (``r ; r (reverse)``):
    it reaches other entities of a kind it has passed, which only a question asking for such
    entities wants ("what position does X play": not ``plays for ; plays for (reverse) ; position``;
    "which countries does X flow through": not ``flows through ; country (reverse) ; country``). A
    two-hop return is ``ZeroShotOrder``'s to judge (the question may name it: "who studied under
    the teacher of X")."""
    return len(chain) > 2 and any(chain[i] == chain[i - 1].reversed() for i in range(1, len(chain)))


def _circles(chain, ends: Mapping) -> bool:
    """A chain of three hops or more whose last two hops lead back to entities its prefix had already
    reached (``flows through ; capital city ; country``: the capitals' countries are the countries
    the river flows through): the walk names nothing new, whatever its words align with."""
    reached = ends.get(chain) if len(chain) > 2 else None
    return bool(reached) and set(reached) <= set(ends.get(chain[:-2], ()))


def _one_hop_first(ranked: Ranked, share: float) -> Ranked:
    """The best one-hop chain first when the best chain is longer and the one-hop chain scores at
    least ``share`` of it ("when was X first released": ``initial release``, not a walk through the
    language X is written in to the year that language first appeared)."""
    if not ranked or len(ranked[0][0]) < 2 or ranked[0][1] <= 0:
        return ranked
    at = next((i for i, (c, s) in enumerate(ranked) if len(c) == 1), None)
    if at is None or ranked[at][1] < share * ranked[0][1]:
        return ranked
    return [ranked[at], *ranked[:at], *ranked[at + 1:]]

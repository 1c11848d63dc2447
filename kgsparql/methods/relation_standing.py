"""Does the chosen relation stand out among the KG's own relations for this question?

On a KG with few relations, some relation is always the closest in meaning to any question: "who
illustrated Animal Farm" scores ``publisher`` 0.33 on a books KG, "how tall is Messi" scores
``position`` 0.23 on a football KG. An absolute bar cannot tell that from a real but loosely worded
match, since the scores of one KG's relations against one question move together. The bar here is
relative to the KG and the question: the chain's best hop must score ``standing_min`` above the
median score of all the KG's relations against the same (masked) question. A question that asks for
something the KG holds lifts one relation out of the crowd; one that asks for something else lifts
none. It speaks only where the meaning view alone recognised a one-hop chain, on KGs of at most
``outside_max_relations`` relations (a large KG's median says little). No relation of any KG is
named here; docs/abstention.md has the figures."""
from __future__ import annotations

from statistics import median
from typing import Callable, Mapping, Sequence

from .answer_type import frame_words

__all__ = ["RelationStanding"]


class RelationStanding:
    """``matcher``: a ``RelationMatcher``; ``kg_names``: the KG's relations, each with its names
    (called once, on first use); ``options``: ``AbstentionOptions``."""

    def __init__(self, matcher, kg_names: Callable[[], Mapping[str, Sequence[str]]], options):
        self.matcher, self.options, self._kg_names = matcher, options, kg_names
        self._names: dict[str, tuple[str, ...]] | None = None

    def names(self) -> dict[str, tuple[str, ...]]:
        if self._names is None:
            relations = self._kg_names()
            small = 1 < len(relations) <= self.options.outside_max_relations
            self._names = {k: tuple(v) for k, v in relations.items()} if small else {}
        return self._names

    def stands_out(self, masked: str, hops: Mapping[str, Sequence[str]], parts: dict | None = None) -> bool:
        """Whether the best of ``hops`` (hop -> its names) scores ``standing_min`` above the median
        of the KG's relations; True where the KG is too large or too small to say. Records the
        margin in ``parts["standing"]``."""
        names = self.names()
        if not names or not hops:
            return True
        scores = dict(self.matcher.rank(masked, {**names, **hops}, skip=frame_words(masked)))
        margin = max(scores[h] for h in hops) - median(scores[k] for k in names)
        if parts is not None:
            parts["standing"] = round(margin, 4)
        return margin >= self.options.standing_min

    def kind_witness(self, parts: dict, kind_fit: Callable[[], float] | None) -> bool:
        """A hop below the bar is still the one asked for when the shared chain scorer ranks it first
        and its ends are the person or place the question asks for: ``kind_fit()`` (``KindFit.fit``:
        1 + how much closer their names are to a person than to a place, or the reverse; read only
        then) reaches ``standing_kind_fit``. A number or a date is no witness: every numeric relation
        of a KG gives one. Records ``parts["kind_fit"]``."""
        first = bool(parts.get("trained_top")) and parts.get("trained", 0.0) >= parts["trained_top"]
        if kind_fit is None or not first or not self.options.standing_kind_fit:
            return False
        parts["kind_fit"] = fit = round(kind_fit(), 4)
        return fit >= self.options.standing_kind_fit

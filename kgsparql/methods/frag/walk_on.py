"""How far to walk, on a KG no chain prior knows: on to the kind of answer the question names.

"In which *country* was X born" ranks ``born in`` first, whose ends are cities; the chain one hop on,
``born in ; located in``, reaches ends that the KG's other facts reach through ``located in`` or
``country`` (their roles) and whose names and roles are clearly nearer the noun asked for: the walk
goes on to them. Where no candidate goes on to such ends (the route stopped at two hops: "in which
country was *the band that made X* formed"; pruning kept other relations: "in which country was ABBA
formed"), one look-up fetches the hop past the best chain's ends.

What an end is comes from the KG itself, never from types: its name, the relations that reach it
(``end_roles``, one batched ``relations_in`` look-up) and the words of the chain's last hop, read by
MiniLM against the noun (``type_fit.noun_fits``). Roles say what an *object* is: where the best chain's
last hop goes backwards its ends are subjects ("which projects were forked from X"), and unless the
question nests its topic in a phrase ("which series does *the game directed by X* belong to") they are
what it asks for; past a backwards chain of two hops or more, which has walked the phrase around the
topic too, they are what it asks for even there ("which games were developed by *studios in X*").
No relation, type or phrasing of any KG is named here."""
from __future__ import annotations

from typing import Mapping, Sequence

from ...errors import KGSparqlError
from .bridges import nests
from .type_fit import noun_fits, sampled_ends

__all__ = ["WalkOn", "end_roles"]


def end_roles(adapter, verbalize, chains: Sequence, ends: Mapping, sample: int = 5) -> dict:
    """End -> the words of the relations that reach it anywhere in the KG: what the KG's other facts
    call it (an end reached through ``country`` or ``capital city`` is a country or a city, one reached
    through ``manufacturer`` a company), for up to ``sample`` ends of each of ``chains``. One batched
    look-up (``relations_in``); {} where the adapter refuses it."""
    wanted = {e for c in chains for e in sampled_ends(ends.get(c, ()), sample) if not e.is_literal}
    if not wanted:
        return {}
    try:
        counts = adapter.relations(sorted(wanted, key=lambda e: e.id), "in")
    except KGSparqlError:
        return {}
    roles: dict = {}
    for rc in counts:
        roles.setdefault(rc.entity, set()).add(verbalize(rc.relation))
    return {e: tuple(sorted(words)) for e, words in roles.items()}


def _walks_on(chain: tuple, first: tuple) -> bool:
    """``chain`` walks one hop on from ``first`` (``formed in ; located in`` past ``formed in``)."""
    return len(chain) == len(first) + 1 and chain[: len(first)] == first


class WalkOn:
    """``adapter``: the KG's; ``min_fit``: the noun fit below which the best chain's ends are not the
    kind asked for and at or above which the walk's ends are; ``lead``: how much nearer the walk's ends
    must be; ``fetch``: look one hop past the best chain where no candidate goes on to the kind asked
    for (one more look-up); ``sample``: ends read per chain."""

    def __init__(self, adapter, min_fit: float = 0.5, lead: float = 0.15, fetch: bool = True, sample: int = 5):
        self.adapter, self.min_fit, self.lead, self.fetch, self.sample = adapter, min_fit, lead, fetch, sample

    def order(self, encoder, masked: str, noun: str, ranked: list, ends: Mapping, depth: int = 5,
              min_share: float = 0.5) -> tuple[list, tuple | None]:
        """``ranked`` (chain, score) best first, with the walk one hop on first where it reaches the kind
        asked for (scores kept; a fetched walk takes the best's score); also that chain, or None."""
        first, top = ranked[0]
        if first[-1].inverse and (not nests(masked) or len(first) > 1):
            return ranked, None     # "which projects were forked from X": the subjects are asked for; so
                                    # are they past a nest the chain walked ("which games were developed
                                    # by studios in X": the studios' subjects, not what the games run on)
        last_words = lambda c: self.adapter.verbalize(c[-1])
        if noun_fits(encoder, noun, [first], ends, self.sample, None, last_words).get(first, 1.0) >= self.min_fit:
            return ranked, None     # the best's ends are named as asked: no look-up at all
        ways = [c for c, s in ranked[:depth] if s >= min_share * top and _walks_on(c, first)]
        best = self._best_way(encoder, noun, first, ways, ends) if ways else None
        if best is None and self.fetch:
            found = self.further(first, ends)
            best = self._best_way(encoder, noun, first, list(found), {**ends, **found}) if found else None
        if best is None:
            return ranked, None
        at = next((i for i, (c, _) in enumerate(ranked) if c == best), None)
        walked = ranked.pop(at) if at is not None else (best, top)
        return [walked, *ranked], best

    def _best_way(self, encoder, noun: str, first: tuple, ways: list, ends: Mapping) -> tuple | None:
        """The way on whose ends fit the noun (``min_fit``) by ``lead`` more than ``first``'s, which do
        not; None where there is none."""
        verbalize = self.adapter.verbalize
        roles = end_roles(self.adapter, verbalize, [first, *ways], ends, self.sample)
        fits = noun_fits(encoder, noun, [first, *ways], ends, self.sample, roles, lambda c: verbalize(c[-1]))
        best = max(ways, key=lambda c: fits.get(c, -1.0))
        if first not in fits or best not in fits or fits[first] >= self.min_fit or fits[best] < self.min_fit \
                or fits[best] - fits[first] < self.lead:
            return None
        return best

    def further(self, chain: tuple, ends: Mapping) -> dict:
        """Chain one hop on (either way, never straight back) -> the entities it reaches, from up to
        ``sample`` of ``chain``'s ends: one round trip ("which cities lie on the rivers that empty
        into X": the cities are the rivers' subjects); {} where the adapter refuses it."""
        reached = sampled_ends(ends.get(chain, ()), self.sample)
        try:
            triples = self.adapter.neighbors([e for e in reached if not e.is_literal], None, "both")
        except KGSparqlError:
            return {}
        out: dict = {}
        for t in triples:
            if t.relation != chain[-1].reversed():
                out.setdefault((*chain, t.relation), set()).add(t.tail)
        return out

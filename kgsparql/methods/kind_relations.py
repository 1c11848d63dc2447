"""Which relations an entity's kind holds, read from the KG: the entities that share the topic's
first hop with it (``Kismet —release year→ 1944 ←release year— other films of 1944``) are its kind,
and a relation is usual for the kind when a good share of them hold it.

Abstention uses it to tell "the KG lacks this fact for this entity" (films have a genre, Kismet has
none recorded: abstain) from a question word that happens to name a relation of another corner of
the KG ("who *plays* Donna Noble" names the sports relation ``player``, which no fictional
character holds: the word does not name a missing fact). Two batched adapter steps (the kind, then
its relations), asked only when such a word would decide; works on any adapter."""
from __future__ import annotations

from typing import Callable, Sequence

from ..errors import KGSparqlError
from ..sparql import load_query
from ..types import IRI, Entity, Relation
from .kind_mates import shared_value_mates

__all__ = ["KindRelations"]


class KindRelations:
    """``share(topics, first_hop, labels)``: for each relation label, the share of the topic's kind
    (up to ``sample`` entities) that holds a relation of that name, in either direction."""

    def __init__(self, adapter, sample: int = 40, fanout: int = 400, widen: Callable[[], bool] | None = None):
        self.adapter, self.sample, self.fanout = adapter, sample, fanout
        self.widen = widen      # may the kind be read from all the topic's facts (``kind_mates``; small KGs)
        self._cache: dict[tuple, dict[str, float] | None] = {}

    def share(self, topics: Sequence[Entity], first_hop: Relation, labels: Sequence[str]) -> dict[str, float]:
        key = (tuple(sorted(t.id for t in topics)), first_hop.key())
        if key not in self._cache:
            self._cache[key] = self._kind_labels(list(topics), first_hop)
        held = self._cache[key]
        return {label: held.get(label, 0.0) for label in labels}

    def peer_share(self, topics: Sequence[Entity], first_hop: Relation,
                   labels: Sequence[str]) -> dict[str, float] | None:
        """For each label, the share of the first hop's holders (the things that hold ``first_hop`` on the
        topic's side: every writer for a writer's ``author (reverse)``, whatever value it leads to) that
        hold a relation of that name, in either direction; None where they cannot be read (a compound
        hop, or none but the topic). One query for the holders (``relation_subjects`` / ``relation_objects``,
        up to 40) and one batched step for their relations, cached per hop."""
        key = ("peers", first_hop.key())
        if key not in self._cache:
            peers = [e for e in self._holders(first_hop) if e not in set(topics)]
            holders, n = self._labels_of(peers) if peers else ({}, 0)
            self._cache[key] = {name: len(who) / n for name, who in holders.items()} if n else None
        shares = self._cache[key]
        if shares is None:
            return None
        return {label: shares.get(label, 0.0) for label in labels}

    def _holders(self, hop: Relation) -> list[Entity]:
        if hop.via is not None or hop.star or hop.sink:
            return []
        try:
            template = load_query("generic", "relation_objects" if hop.inverse else "relation_subjects")
            rows = self.adapter.select(template, {"p": [IRI(hop.iri)]})
        except KGSparqlError:
            return []
        return [Entity(row["e"]) for row in rows if isinstance(row.get("e"), IRI)][: self.sample]

    def held(self, topics: Sequence[Entity]) -> set[str]:
        """The names of the relations the topics themselves hold (either direction, legs included)."""
        key = ("own", tuple(sorted(t.id for t in topics)))
        if key not in self._cache:
            self._cache[key] = {name: 1.0 for name in self._labels_of(list(topics))[0]}
        return set(self._cache[key])

    def _labels_of(self, entities: list[Entity]) -> tuple[dict[str, set], int]:
        try:
            counts = self.adapter.relations(entities, "both")
        except KGSparqlError:
            return {}, len(entities)
        holders: dict[str, set] = {}
        for rc in counts:
            for name in _names(self.adapter.verbalize, rc.relation):
                holders.setdefault(name, set()).add(rc.entity)
        return holders, len(entities)

    def _kind_labels(self, topics: list[Entity], first_hop: Relation) -> dict[str, float]:
        """label -> share of the kind holding it (each hop and each leg of a compound hop)."""
        mates = self._mates(topics, first_hop)
        if not mates:
            return {}
        holders, n = self._labels_of(mates)
        return {name: len(who) / n for name, who in holders.items()}

    def _mates(self, topics: list[Entity], first_hop: Relation) -> list[Entity]:
        """Other entities reached back along ``first_hop`` from where it leads (a sample)."""
        try:
            ends = {t.tail for t in self.adapter.neighbors(topics, first_hop, limit=self.fanout)}
            back = self.adapter.neighbors(sorted(ends, key=lambda e: e.id)[: self.sample], first_hop.reversed(),
                                          limit=self.fanout) if ends else []
        except KGSparqlError:
            return []
        own = set(topics)
        mates = sorted({t.tail for t in back} - own, key=lambda e: e.id)
        if mates or self.widen is None or not self.widen():
            return mates[: self.sample]
        return shared_value_mates(self.adapter, topics, self.sample, self.fanout)


def _names(verbalize: Callable[[Relation], str], relation: Relation) -> set[str]:
    """A relation's name and, for a compound hop, each leg's name (``education → institution``)."""
    text = verbalize(relation)
    return {text, *(leg.strip() for leg in text.split("→"))}

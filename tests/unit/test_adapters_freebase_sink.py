"""A sink hop on the Freebase adapter (real in-memory Oxigraph): a CVT that two named things both
point at, with no edge out of it to either, is crossed as one relation with ``Relation.sink``, named
the same from either end, read as reaching its far leg's type, walked both ways, counted by
``aggregate`` and kept in its chain key."""
from __future__ import annotations

import pytest

from kgsparql.adapters.freebase import NS
from kgsparql.learn import chain_key, parse_chain_key
from kgsparql.types import IRI, Entity, Relation
from kgtest import freebase_adapter

NAME = NS + "type.object.name"
PLAYS, STARRING, ACTOR = NS + "film.actor.film", NS + "film.film.starring", NS + "film.performance.actor"
CHARACTER = NS + "film.performance.character"
FACTS = [   # an actor and two films joined by sink CVTs; a third film through a CVT that points back;
            # a fourth through a CVT both enter that leads on to a character (crossed by its exit)
    ("m.tupac", NAME, "Tupac Shakur"), ("m.juice", NAME, "Juice"), ("m.bullet", NAME, "Bullet"),
    ("m.poetic", NAME, "Poetic Justice"),
    ("m.tupac", PLAYS, "m.c1"), ("m.juice", STARRING, "m.c1"),
    ("m.tupac", PLAYS, "m.c2"), ("m.bullet", STARRING, "m.c2"),
    ("m.poetic", STARRING, "m.c3"), ("m.c3", ACTOR, "m.tupac"),
    ("m.gang", NAME, "Gang Related"), ("m.rodriguez", NAME, "Detective Rodriguez"),
    ("m.tupac", PLAYS, "m.c4"), ("m.gang", STARRING, "m.c4"), ("m.c4", CHARACTER, "m.rodriguez"),
]
SINK = Relation(PLAYS, via=STARRING, sink=True)


@pytest.fixture(scope="module")
def adapter():
    return freebase_adapter(FACTS)


def e(mid: str) -> Entity:
    return Entity(IRI(NS + mid))


def test_a_sink_cvt_is_one_relation_read_as_reaching_its_far_type(adapter):
    found = {rc.relation: rc.count for rc in adapter.relations([e("m.tupac")], "both")}
    assert found[SINK] == 2
    label = next(r for r in found if r == SINK).label
    assert label == "actor film → film starring"
    assert "film" in adapter.relation_descriptions(SINK)
    from_film = {rc.relation for rc in adapter.relations([e("m.juice")], "both")}
    assert SINK.reversed() in from_film         # the same hop, seen from its far end


def test_a_cvt_with_an_edge_out_is_no_sink(adapter):
    relations = [rc.relation for rc in adapter.relations([e("m.poetic")], "both")]
    assert relations == [Relation(STARRING, via=ACTOR)]
    from_gang = {rc.relation for rc in adapter.relations([e("m.gang")], "both")}
    assert from_gang == {Relation(STARRING, via=CHARACTER)}      # not a sink to Tupac: the CVT leads on


def test_a_sink_hop_walks_both_ways_and_counts(adapter):
    assert sorted(t.tail.name for t in adapter.neighbors([e("m.tupac")], SINK)) == ["Bullet", "Juice"]
    back = adapter.neighbors([e("m.juice"), e("m.bullet")], SINK.reversed())
    assert [t.tail.name for t in back] == ["Tupac Shakur", "Tupac Shakur"] and all(t.relation.sink for t in back)
    counts = adapter.aggregate([e("m.tupac")], SINK, "count")
    assert [(row.entity, int(row.value.value)) for row in counts] == [(e("m.tupac"), 2)]


def test_a_sink_hop_keeps_its_shape_in_a_chain_key():
    chain = (SINK, SINK.reversed(), Relation(PLAYS, via=STARRING, star=True), Relation(STARRING, via=ACTOR))
    assert parse_chain_key(chain_key(chain)) == chain
    assert SINK != Relation(PLAYS, via=STARRING) and SINK != Relation(PLAYS, via=STARRING, star=True)

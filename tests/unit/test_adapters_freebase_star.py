"""A star hop on the Freebase adapter (real in-memory Oxigraph): a CVT whose edges point at both of
two named things, neither of which has an edge into it, is crossed as one relation with
``Relation.star``, named the same from either end, walked both ways and kept in its chain key."""
from __future__ import annotations

import pytest

from kgsparql.adapters.freebase import NS
from kgsparql.learn import chain_key, parse_chain_key
from kgsparql.types import IRI, Entity, Relation
from kgtest import freebase_adapter

NAME = NS + "type.object.name"
ACTOR, FILM, PLAYS = NS + "film.performance.actor", NS + "film.performance.film", NS + "film.actor.film"
FACTS = [   # two actors and a film joined by star CVTs; a third actor through an ordinary CVT
    ("m.shaq", NAME, "Shaquille O'Neal"), ("m.taylor", NAME, "Taylor Lautner"), ("m.gu2", NAME, "Grown Ups 2"),
    ("m.adam", NAME, "Adam Sandler"),
    ("m.c1", ACTOR, "m.shaq"), ("m.c1", FILM, "m.gu2"),
    ("m.c2", ACTOR, "m.taylor"), ("m.c2", FILM, "m.gu2"),
    ("m.adam", PLAYS, "m.c3"), ("m.c3", ACTOR, "m.adam"), ("m.c3", FILM, "m.gu2"),
]


@pytest.fixture(scope="module")
def adapter():
    return freebase_adapter(FACTS)


def e(mid: str) -> Entity:
    return Entity(IRI(NS + mid))


def test_a_star_cvt_is_one_relation_listed_once(adapter):
    found = [rc.relation for rc in adapter.relations([e("m.shaq")], "both")]
    assert found == [Relation(ACTOR, via=FILM, star=True)]
    assert found[0].label == "actor → performance film"
    from_film = {rc.relation for rc in adapter.relations([e("m.gu2")], "both")}
    assert Relation(ACTOR, via=FILM, inverse=True, star=True) in from_film     # the same hop, seen from its far end


def test_a_star_hop_walks_both_ways(adapter):
    star = Relation(ACTOR, via=FILM, star=True)
    assert [t.tail.name for t in adapter.neighbors([e("m.shaq")], star)] == ["Grown Ups 2"]
    back = adapter.neighbors([e("m.gu2")], star.reversed())
    assert sorted(t.tail.name for t in back) == ["Adam Sandler", "Shaquille O'Neal", "Taylor Lautner"]
    assert all(t.relation.star for t in back)


def test_a_cvt_with_an_entry_edge_is_no_star(adapter):
    relations = [rc.relation for rc in adapter.relations([e("m.adam")], "both")]
    assert relations == [Relation(PLAYS, via=FILM)]
    assert not any(r.star for r in relations)


def test_a_star_hop_keeps_its_shape_in_a_chain_key():
    chain = (Relation(ACTOR, via=FILM, star=True), Relation(ACTOR, via=FILM, inverse=True, star=True),
             Relation(PLAYS, via=FILM))
    assert parse_chain_key(chain_key(chain)) == chain
    assert Relation(ACTOR, via=FILM, star=True) != Relation(ACTOR, via=FILM)


def test_star_and_compound_hops_fetched_together_give_what_each_gives_alone(adapter):
    star, plays = Relation(ACTOR, via=FILM, star=True), Relation(PLAYS, via=FILM)
    wanted = {star.reversed(): [e("m.gu2")], star: [e("m.shaq"), e("m.taylor")], plays: [e("m.adam")]}
    together = adapter.neighbors_each(wanted)
    for relation, heads in wanted.items():
        alone = adapter.neighbors(heads, relation)
        assert [(t.head, t.relation, t.tail, t.tail.name) for t in together[relation]] == \
            [(t.head, t.relation, t.tail, t.tail.name) for t in alone] and alone

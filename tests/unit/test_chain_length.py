"""prefer_prefixes / returns_to_topic: a chain that walks back to the topic's kind goes behind its
prefix (on a real in-memory Oxigraph store through the generic adapter)."""
from __future__ import annotations

from kgsparql.methods.chain_length import prefer_prefixes, returns_to_topic
from kgsparql.types import Relation

from kgtest import lines_adapter

CUR, BACK = Relation("cur"), Relation("cur", inverse=True)
OTHER = Relation("capital")


def test_a_return_hop_goes_behind_its_prefix():
    ranked = [((CUR, BACK), 0.99), ((CUR,), 0.5), ((OTHER,), 0.2)]
    out = prefer_prefixes(ranked, lambda chain: chain[-1] == chain[-2].reversed())
    assert [c for c, _ in out] == [(CUR,), (CUR, BACK), (OTHER,)]
    assert dict(out)[(CUR, BACK)] == 0.99


def test_a_chain_that_asks_for_its_extra_hop_stays_first():
    ranked = [((CUR, OTHER), 0.9), ((CUR,), 0.5)]
    assert prefer_prefixes(ranked, lambda chain: False) == ranked


def test_the_inverse_predicate_of_a_kg_that_stores_both_directions_is_a_return():
    adapter = lines_adapter(["Italy|currency_used|Euro", "Euro|countries_used|Italy", "Euro|countries_used|France",
                             "France|currency_used|Euro", "Euro|issued_by|ECB"])
    italy = next(e for e in adapter.lookup("Italy") if e.name == "Italy")
    euro = next(e for e in adapter.lookup("Euro") if e.name == "Euro")
    rels = {adapter.verbalize(rc.relation): rc.relation for rc in adapter.relations([italy, euro], "out")}
    used, back, issuer = rels["currency used"], rels["countries used"], rels["issued by"]
    assert returns_to_topic(adapter, [italy], (used, back), [euro])
    assert not returns_to_topic(adapter, [italy], (used, issuer), [euro])

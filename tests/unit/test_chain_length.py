"""prefer_prefixes / returns_to_topic: a chain that walks back to the topic's kind goes behind its
prefix (on a real in-memory Oxigraph store through the generic adapter); prefer_return: for a
question that asks for entities like the topic, the chain that comes back to its kind goes first."""
from __future__ import annotations

from kgsparql.methods.chain_length import prefer_extension, prefer_prefixes, prefer_return, returns_to_topic
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


CAST, CAST_OF = Relation("cast", inverse=True), Relation("cast")


def test_a_question_about_the_topics_own_kind_takes_the_chain_that_comes_back():
    """"Who has acted alongside X": films (one hop) lose to the other actors of those films."""
    ranked = [((CAST,), 0.9), ((CAST, OTHER), 0.6), ((CAST, CAST_OF), 0.4)]
    assert [c for c, _ in prefer_return(ranked)] == [(CAST, CAST_OF), (CAST,), (CAST, OTHER)]
    assert dict(prefer_return(ranked))[(CAST, CAST_OF)] == 0.4


def test_a_chain_that_already_comes_back_or_has_no_return_candidate_stays():
    back_first = [((CAST, CAST_OF), 0.9), ((CAST,), 0.5)]
    assert prefer_return(back_first) == back_first
    no_return = [((CAST,), 0.9), ((OTHER, OTHER.reversed()), 0.5)]
    assert prefer_return(no_return) == no_return


def test_an_extension_whose_last_hop_alone_is_named_goes_before_the_unnamed_best():
    ranked = [((CUR,), 0.65), ((OTHER,), 0.6), ((CUR, OTHER), 0.64)]
    out = prefer_extension(ranked, lambda chain: chain == (CUR, OTHER))
    assert [c for c, _ in out] == [(CUR, OTHER), (CUR,), (OTHER,)] and dict(out)[(CUR, OTHER)] == 0.64
    assert prefer_extension(ranked, lambda chain: False) == ranked
    assert prefer_extension([((CUR,), 0.6), ((OTHER, CUR), 0.5)], lambda chain: True)[0][0] == (CUR,)   # not an extension

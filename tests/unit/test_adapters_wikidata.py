"""Wikidata adapter specifics on the fixture KG (embedded store): statement hops, property names
from property entities (batched, cached, id fallback), label language."""
from __future__ import annotations

import pytest

from kgsparql.adapters.wikidata import P, PQ, PS, WD, WDT, WikidataAdapter, property_id
from kgsparql.stats import collect
from kgsparql.types import IRI, Entity, Relation

from kgtest import fixture_endpoint


@pytest.fixture(scope="module")
def endpoint():
    return fixture_endpoint("wikidata")


def q(item: str) -> Entity:
    return Entity(IRI(WD + item))


def test_property_id():
    assert [property_id(ns + "P39") for ns in (WD, WDT, P, PS, PQ)] == ["P39"] * 5
    assert property_id(WD + "Q76") is None and property_id("http://www.wikidata.org/prop/direct-normalized/P1") is None


def test_relation_names_come_from_property_entities(endpoint):
    ad = WikidataAdapter.on(endpoint)
    assert ad.verbalize(Relation(WDT + "P26")) == "spouse"
    assert ad.verbalize(Relation(P + "P39", via=PS + "P39")) == "position held"
    assert ad.verbalize(Relation(P + "P39", via=PQ + "P580")) == "position held → start time"
    assert ad.verbalize(Relation(P + "P39", via=PQ + "P1365")) == "position held → P1365", "no label: the id"
    assert ad.verbalize(Relation("http://schema.org/description")) == "description"


def test_property_labels_are_fetched_once_per_batch(endpoint):
    ad = WikidataAdapter.on(endpoint)
    with collect() as first:
        ad.relations([q("Q76"), q("Q6279")], "both")
    with collect() as again:
        relations = ad.relations([q("Q76"), q("Q6279")], "both")
        names = {rc.relation.label for rc in relations}
    assert first.sparql_queries == 3, "relations_out, relations_in and one property_labels query"
    assert again.sparql_queries == 2, "property names are cached"
    assert {"position held", "spouse", "height", "position held → end time"} <= names


def test_only_claims_and_statement_hops(endpoint):
    ad = WikidataAdapter.on(endpoint)
    for rc in ad.relations([q("Q76"), q("Q30")], "both"):
        rel = rc.relation
        assert rel.iri.startswith(WDT) if rel.via is None else (rel.iri.startswith(P) and rel.via.startswith((PS, PQ)))
    tails = {t.tail.id for t in ad.neighbors([q("Q76")], None, "both")}
    assert not {t for t in tails if "/statement/" in t}
    assert "44th president of the United States" not in tails


def test_statement_hops_both_ways(endpoint):
    ad = WikidataAdapter.on(endpoint)
    held = Relation(P + "P39", via=PS + "P39")
    assert {t.tail.name for t in ad.neighbors([q("Q76")], held)} == {"President of the United States",
                                                                    "United States senator"}
    assert {t.tail.name for t in ad.neighbors([q("Q11699")], held.reversed())} == {"Joe Biden"}
    replaced = Relation(P + "P39", via=PQ + "P1365", inverse=True)
    assert [t.tail.name for t in ad.neighbors([q("Q207")], replaced)] == ["Barack Obama"]


def test_another_language(endpoint):
    ad = WikidataAdapter.on(endpoint, lang="de")
    assert ad.labels([q("Q30"), q("Q76"), q("Q13133")]) == {q("Q30"): "Vereinigte Staaten", q("Q76"): "Barack Obama"}
    assert ad.verbalize(Relation(WDT + "P19")) == "Geburtsort"
    assert ad.verbalize(Relation(WDT + "P26")) == "P26", "no German label: the id"
    assert [x.id for x in ad.lookup("Vereinigte Staaten")] == [WD + "Q30"]
    assert ad.lookup("USA") == [], "aliases are matched in the adapter's language only"


def test_aliases_resolve_to_the_item(endpoint):
    ad = WikidataAdapter.on(endpoint)
    assert [(x.id, x.label) for x in ad.lookup("USA")] == [(WD + "Q30", "United States of America")]
    assert [x.label for x in ad.lookup("Joseph Robinette Biden Jr.")] == ["Joe Biden"]


def test_label_index_lists_items_not_properties(endpoint):
    from kgsparql.linking.build import read_labels

    ad = WikidataAdapter.on(endpoint)
    assert ad.verbalize(Relation(WDT + "P26")) == "spouse", "the fixture labels property P26"
    iris = {iri for iri, _ in read_labels(ad)}
    assert iris and all(iri.startswith(WD + "Q") for iri in iris)



def test_instance_of_is_no_hop(endpoint):
    ad = WikidataAdapter.on(endpoint)
    assert not {rc for rc in ad.relations([q("Q76")], "both") if property_id(rc.relation.iri) == "P31"}
    assert not {t for t in ad.neighbors([q("Q76")], None, "both") if t.tail.id == WD + "Q5"}
    assert {t.tail.id for t in ad.neighbors([q("Q76")], Relation(WDT + "P31"))} == {WD + "Q5"}  # asked by name

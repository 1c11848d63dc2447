"""DBpedia adapter specifics on the fixture KG (embedded store): redirects, disambiguation pages,
noise predicates, literals in other languages."""
from __future__ import annotations

from importlib import resources

import pytest

from kgsparql.adapters.dbpedia import DBO, DBR, NOISE, DBpediaAdapter
from kgsparql.types import IRI, Entity, Relation

from kgtest import fixture_endpoint

STAR_WARS = DBR + "Star_Wars_(film)"


@pytest.fixture(scope="module")
def adapter():
    return DBpediaAdapter.on(fixture_endpoint("dbpedia"))


def r(name: str) -> Entity:
    return Entity(IRI(DBR + name))


def test_redirect_labels_resolve_to_the_target(adapter):
    for label in ("A New Hope", "Star Wars Episode IV: A New Hope", "a new hope"):
        assert [(x.id, x.label) for x in adapter.lookup(label)] == [(STAR_WARS, "Star Wars (film)")]


def test_disambiguation_and_redirect_pages_are_never_results(adapter):
    found = [x.id for x in adapter.lookup("Star Wars (film)")]
    assert found == [STAR_WARS], "the disambiguation page shares the label but is left out"


def test_noise_is_never_a_hop(adapter):
    relations = adapter.relations([Entity(IRI(STAR_WARS)), r("George_Lucas")], "both")
    assert relations and not [rc for rc in relations if adapter.is_noise(rc.relation.iri)]
    tails = {t.tail.id for t in adapter.neighbors([Entity(IRI(STAR_WARS))], None, "both")}
    assert DBR + "Honolulu" not in tails, "wikiPageWikiLink is noise"
    assert not {t for t in tails if "wikipedia.org" in t or "wikidata.org" in t or "Category:" in t}


def test_noise_list_is_in_every_template():
    text = resources.files("kgsparql.queries").joinpath("dbpedia", "neighbors_out.rq").read_text("utf-8")
    local = {iri.rsplit("/", 1)[-1].rsplit("#", 1)[-1] for iri in NOISE}
    assert all(name in text for name in local)
    assert DBpediaAdapter.is_noise(DBO + "wikiPageID") and DBpediaAdapter.is_noise("http://www.w3.org/ns/prov#wasDerivedFrom")
    assert not DBpediaAdapter.is_noise(DBO + "director")


def test_literals_in_other_languages_are_skipped(adapter):
    taglines = adapter.neighbors([Entity(IRI(STAR_WARS))], Relation("http://dbpedia.org/property/tagline"))
    assert [t.tail.term.lang for t in taglines] == ["en"]


def test_iris_with_punctuation_round_trip(adapter):
    (t,) = adapter.neighbors([r("George_Lucas")], Relation(DBO + "birthPlace"))
    assert t.tail.id == DBR + "Modesto,_California" and t.tail.label == "Modesto, California"
    assert adapter.labels([Entity(IRI(STAR_WARS))]) == {Entity(IRI(STAR_WARS)): "Star Wars (film)"}


def test_compound_relations_find_nothing_here(adapter):
    fake = Relation(DBO + "starring", via=DBO + "birthPlace")
    assert adapter.neighbors([Entity(IRI(STAR_WARS))], fake) == []

"""Freebase adapter specifics on the fixture KG (embedded store): CVT collapsing, noise, labels,
language choice and relation names."""
from __future__ import annotations

import re
from importlib import resources

import pytest

from kgsparql.adapters.freebase import NOISE_DOMAINS, NS, FreebaseAdapter
from kgsparql.errors import InputError
from kgsparql.types import IRI, Entity, Relation

from kgtest import fixture_endpoint

CVTS = {NS + f"m.0fx_{x}" for x in ("p1", "p2", "p3", "p4", "p5", "b1", "b2", "b3", "n1")}


@pytest.fixture(scope="module")
def endpoint():
    return fixture_endpoint("freebase")


def e(mid: str) -> Entity:
    return Entity(IRI(NS + mid))


def test_relation_names(endpoint):
    ad = FreebaseAdapter.on(endpoint)
    assert ad.verbalize(Relation(NS + "film.film.directed_by")) == "directed by"
    assert ad.verbalize(Relation(NS + "film.actor.film")) == "actor film"
    assert ad.verbalize(Relation(NS + "film.film.starring", via=NS + "film.performance.actor")) == "starring → actor"
    assert ad.verbalize(Relation("http://example.org/other#birthPlace")) == "birth place"


def test_a_plural_written_with_a_separate_s_reads_as_one_word(endpoint):
    ad = FreebaseAdapter.on(endpoint)
    assert ad.verbalize(Relation(NS + "location.location.adjoin_s", via=NS + "location.adjoining_relationship.adjoins")) \
        == "adjoins → adjoins"
    assert ad.verbalize(Relation(NS + "people.person.spouse_s")) == "spouses"
    assert ad.verbalize(Relation(NS + "people.person.sibling_s")) == "siblings"
    assert ad.verbalize(Relation(NS + "music.artist.genre")) == "genre"       # a word ending in s stays



def test_relation_descriptions_put_the_type_in_front(endpoint):
    ad = FreebaseAdapter.on(endpoint)
    died = Relation(NS + "people.deceased_person.place_of_death", inverse=True)
    assert ad.relation_descriptions(died) == ["deceased person place of death"]
    teams = Relation(NS + "sports.pro_athlete.teams", via=NS + "sports.sports_team_roster.team")
    assert ad.relation_descriptions(teams) == ["pro athlete teams → team", "team"]
    assert ad.relation_descriptions(Relation(NS + "film.actor.film")) == []      # words start with the type
    assert ad.relation_descriptions(Relation("http://example.org/other#birthPlace")) == []

def test_noise_list_matches_every_template():
    domains = set()
    for rq in resources.files("kgsparql.queries").joinpath("freebase").iterdir():
        for group in re.findall(r"ns/\((\w+(?:\|\w+)*)\)", rq.read_text("utf-8")):
            domains.add(tuple(group.split("|")))
    assert domains == {NOISE_DOMAINS}
    assert FreebaseAdapter.is_noise(NS + "type.object.name") and FreebaseAdapter.is_noise(NS + "user.x.y.z")
    assert not FreebaseAdapter.is_noise(NS + "base.schemastaging.x") and not FreebaseAdapter.is_noise(NS + "film.film.genre")
    assert FreebaseAdapter.is_noise("http://www.w3.org/2002/07/owl#sameAs")


def test_no_noise_and_no_cvt_in_any_hop(endpoint):
    ad = FreebaseAdapter.on(endpoint)
    films = [e("m.0fx_sw"), e("m.0fx_esb"), e("m.0fx_lucas"), e("m.0fx_bestdir")]
    for rc in ad.relations(films, "both"):
        assert not ad.is_noise(rc.relation.iri) and not (rc.relation.via and ad.is_noise(rc.relation.via))
    triples = ad.neighbors(films, None, "both")
    assert triples and not {t.tail.id for t in triples} & CVTS
    assert "film.performance.film" not in {t.relation.via.rsplit("/", 1)[-1] for t in triples
                                           if t.relation.via and t.tail in films[:2] and not t.relation.inverse}


def test_compound_hop_to_a_literal_and_back_through_the_award_cvt(endpoint):
    ad = FreebaseAdapter.on(endpoint)
    budget = Relation(NS + "film.film.estimated_budget", via=NS + "measurement_unit.dated_money_value.amount")
    (t,) = ad.neighbors([e("m.0fx_sw")], budget)
    assert t.tail.is_literal and float(t.tail.term.value) == 11_000_000 and t.relation.label == "estimated budget → amount"
    nominee = Relation(NS + "award.award_nominated_work.award_nominations", via=NS + "award.award_nomination.award_nominee")
    assert [x.tail.name for x in ad.neighbors([e("m.0fx_sw")], nominee)] == ["George Lucas"]
    back = [x.tail.name for x in ad.neighbors([e("m.0fx_lucas")], nominee.reversed())]
    assert back == ["Star Wars"]


def test_labels_prefer_the_name_and_fall_back_to_an_alias(endpoint):
    ad = FreebaseAdapter.on(endpoint)
    got = ad.labels([e("m.0fx_sw"), e("m.0fx_ford"), e("m.0fx_de"), e("m.0fx_p1")])
    assert {k.id.rsplit(".", 1)[-1]: v for k, v in got.items()} == {
        "0fx_sw": "Star Wars", "0fx_ford": "Harrison Ford", "0fx_de": "Star Wars Omnibus"}
    assert [x.label for x in ad.lookup("Harrison J. Ford")] == ["Harrison Ford"]
    assert ad.lookup("Krieg der Sterne") == [], "names in other languages are not English labels"


def test_another_language(endpoint):
    ad = FreebaseAdapter.on(endpoint, lang="de")
    assert ad.labels([e("m.0fx_sw")]) == {e("m.0fx_sw"): "Krieg der Sterne"}
    assert [x.id for x in ad.lookup("  Krieg  der Sterne ")] == [NS + "m.0fx_sw"]
    tagline = [t.tail for t in ad.neighbors([e("m.0fx_sw")], Relation(NS + "film.film.tagline"))]
    assert tagline == [], "no German tagline, and the English and Spanish ones are skipped"


@pytest.mark.parametrize("lang", ["", "en; DROP ALL", "e n", 'en"', None])
def test_bad_language_is_refused(endpoint, lang):
    with pytest.raises(InputError):
        FreebaseAdapter.on(endpoint, lang=lang)


def test_two_hop_from_a_cvt_relation_never_stops_at_the_cvt(endpoint):
    ad = FreebaseAdapter.on(endpoint)
    paths = ad.expand_two_hop([e("m.0fx_luke")], "out")
    assert paths and all(t.tail.id not in CVTS for p in paths for t in p.triples)
    ends = {(p.triples[0].tail.name, p.relations[1].label, p.end.name) for p in paths if len(p) == 2}
    assert ("Star Wars", "directed by", "George Lucas") in ends

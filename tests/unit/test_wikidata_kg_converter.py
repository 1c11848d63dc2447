"""benchmarks/wikidata_kg.py: a TSV KG in Wikidata's shape, read back through the Wikidata adapter."""
from __future__ import annotations

import pyoxigraph
import pytest

from kgsparql.adapters.wikidata import WD, WikidataAdapter
from kgsparql.endpoints.embedded import EmbeddedEndpoint
from kgsparql.types import Entity

from kgtest import benchmark

conv = benchmark("wikidata_kg")

TSV = ("Harbour Tower\tplannedBy\tIda Lund\n"
       "Harbour Tower\tfinishedIn\t1931\n"
       "Harbour Tower\tfloors\t40\n"
       "Ida Lund\tstartedFirm\tLund & Co\n"
       "Lund & Co\tseatCity\tMalmo\n"
       "Harbour Tower\tseatCity\tMalmo\n"
       "Harbour Tower\tnickname\tThe Needle\n")
MAP = {
    "plannedBy": {"id": "P84", "label": "architect", "aliases": ["designed by"], "kind": "item"},
    "finishedIn": {"id": "P571", "label": "inception", "aliases": ["built"], "kind": "year"},
    "floors": {"id": "P1101", "label": "floors above ground", "aliases": [], "kind": "number"},
    "startedFirm": {"id": "P112", "label": "founded by", "aliases": ["founder"], "kind": "item", "reverse": True},
    "seatCity": {"id": "P131", "label": "located in the administrative territorial entity",
                 "aliases": ["located in"], "kind": "item"},
    "nickname": {"id": None, "label": "nickname", "aliases": [], "kind": "text"},
}


@pytest.fixture(scope="module")
def lines():
    return list(conv.convert_kg(TSV.splitlines(True), MAP))


@pytest.fixture(scope="module")
def adapter(lines):
    store = pyoxigraph.Store()
    store.load(input="".join(lines).encode(), format=pyoxigraph.RdfFormat.N_TRIPLES)
    return WikidataAdapter.on(EmbeddedEndpoint.open(store=store))


def _item(adapter, name: str) -> Entity:
    return adapter.lookup(name, 1)[0]


def test_items_are_numbered_by_name_and_keep_their_labels():
    ids = conv.item_ids([tuple(l.split("\t")) for l in TSV.splitlines()], MAP)
    assert list(ids) == sorted(ids) and "1931" not in ids and "40" not in ids and "The Needle" not in ids
    assert ids["Harbour Tower"] == "Q1000"


def test_a_reversed_relation_is_stated_from_the_tail(adapter):
    firm = _item(adapter, "Lund & Co")
    founders = [t for t in adapter.neighbors([firm]) if t.relation.label == "founded by"]
    assert [t.tail.name for t in founders] == ["Ida Lund"]


def test_truthy_claim_and_statement_are_both_written(lines):
    truthy = [l for l in lines if l.startswith("<" + WD + "Q") and "/prop/direct/P84>" in l]
    statement = [l for l in lines if "/prop/statement/P84>" in l]
    assert len(truthy) == 1 and len(statement) == 1


def test_values_by_kind(lines):
    assert any('"1931-01-01T00:00:00Z"^^<http://www.w3.org/2001/XMLSchema#dateTime>' in l for l in lines)
    assert any('"40"^^<http://www.w3.org/2001/XMLSchema#decimal>' in l for l in lines)
    assert any('"The Needle" .' in l for l in lines), "text is a plain string"
    assert any("timePrecision" in l for l in lines)


def test_property_names_come_from_the_map(adapter):
    tower = _item(adapter, "Harbour Tower")
    rels = {rc.relation.label: rc.relation for rc in adapter.relations([tower], "out")}
    assert {"architect", "inception", "located in the administrative territorial entity", "nickname"} <= set(rels)
    assert "designed by" in adapter.relation_names(rels["architect"])


def test_a_fact_without_a_wikidata_property_gets_a_made_up_id():
    assert conv.property_ids(MAP)["nickname"].startswith("P9")


def test_an_unmapped_relation_is_an_error():
    with pytest.raises(KeyError):
        list(conv.convert_kg(["A\tunknownRel\tB\n"], MAP))


def test_a_bad_kind_is_an_error(tmp_path):
    path = tmp_path / "map.json"
    path.write_text('{"r": {"id": "P1", "label": "x", "kind": "colour"}}')
    with pytest.raises(ValueError):
        conv.load_map(path)


def test_two_relations_may_share_a_property():
    shared = {"a": MAP["seatCity"], "b": MAP["seatCity"]}
    lines = list(conv.convert_kg(["X\ta\tY\n", "Y\tb\tZ\n"], shared))
    assert sum("rdf-schema#label> \"located in the administrative" in l for l in lines) == 1
    assert sum(l.startswith("<" + WD + "Q") and "/prop/direct/P131>" in l for l in lines) == 2

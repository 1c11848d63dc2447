"""The label index: read page by page through label_index.rq, cached on disk per store, reused
without SPARQL, rebuilt when the store changes; text helpers and type fit."""
from __future__ import annotations

import pyoxigraph
import pytest

from kgsparql import stats
from kgsparql.config import Settings
from kgsparql.kg import KnowledgeGraph
from kgsparql.linking import EntityLinker, LabelIndex
from kgsparql.linking.build import index_path, read_labels
from kgsparql.loaded_models import Models
from kgsparql.linking.text import key_of, loose_key, split_brackets
from kgsparql.linking.typefit import relation_fit
from kgsparql.rank.base import stem

from kgtest import store_from_lines

ROWS = """Kismet|directed_by|William Dieterle
Kismet|has_tags|bd-r
Up|directed_by|Pete Docter
Knocked Up|written_by|Judd Apatow
Knocked Up|has_tags|judd apatow
"""


@pytest.fixture
def store_kg(tmp_path):
    return store_from_lines(tmp_path, ROWS)


def test_index_is_cached_on_disk_and_reused_without_sparql(store_kg):
    settings, open_kg = store_kg
    with open_kg() as kg, stats.collect() as first:
        linker = EntityLinker(kg, settings)
        path = index_path(kg, settings)
    assert first.sparql_queries >= 1 and path.is_file()
    assert {label for _, label in linker.index.entries} >= {"Kismet", "judd apatow", "Judd Apatow"}
    assert not any("/r/" in iri for iri, _ in linker.index.entries), "relations are not entities"
    with open_kg() as kg, stats.collect() as second:
        again = EntityLinker(kg, settings)
    assert second.sparql_queries == 0, "the index came from disk"
    assert again.index.entries == linker.index.entries
    models = Models()
    with open_kg() as kg:
        shared = EntityLinker(kg, settings, models=models).index
        assert EntityLinker(kg, settings, models=models).index is shared, "then from the context's models"
        assert EntityLinker(kg, settings).index is not shared, "never from hidden module state"
        assert EntityLinker(kg, settings).link("who directed Up").top.label == "Up"


def test_a_changed_store_gets_a_new_index(store_kg, tmp_path):
    settings, open_kg = store_kg
    with open_kg() as kg:
        before = index_path(kg, settings)
    store = pyoxigraph.Store(settings.store)
    store.add(pyoxigraph.Quad(pyoxigraph.NamedNode("https://kgsparql.example/e/New"),
                              pyoxigraph.NamedNode("http://www.w3.org/2000/01/rdf-schema#label"),
                              pyoxigraph.Literal("New")))
    store.flush()
    del store
    with open_kg() as kg:
        assert index_path(kg, settings) != before
        assert "New" in {label for _, label in EntityLinker(kg, settings).index.entries}


def test_pages_give_the_same_labels(store_kg):
    _, open_kg = store_kg
    with open_kg() as kg:
        assert sorted(read_labels(kg.adapter, page=2)) == sorted(read_labels(kg.adapter))


def test_index_keys_and_round_trip(tmp_path):
    index = LabelIndex([("e:1", "Moulin Rouge!"), ("e:2", "moulin rouge"), ("e:3", "Amélie")])
    assert index.exact(key_of("MOULIN ROUGE !")) == [0] and index.loosely("moulin rouge") == [0, 1]
    assert index.loosely(loose_key("amelie")) == [2]
    index.save(tmp_path / "labels.json", {"source_id": "test"})
    assert LabelIndex.load(tmp_path / "labels.json").entries == index.entries
    assert LabelIndex.load(tmp_path / "missing.json") is None
    (tmp_path / "bad.json").write_text("{not json")
    assert LabelIndex.load(tmp_path / "bad.json") is None


def test_split_brackets():
    assert split_brackets("what movies did [Temuera Morrison] act in") == (
        "what movies did Temuera Morrison act in", (16, 32))
    assert split_brackets("who directed Up") == ("who directed Up", None)


def test_relation_fit_and_stems():
    assert stem("directed") == stem("director") and stem("starred") == stem("stars")
    assert relation_fit("which films did X direct", ["directed by", "has tags"]) == 1.0
    assert relation_fit("who is the screenwriter of", ["written by"]) == 1.0
    assert relation_fit("what movies are about", ["has tags"]) == 0.0
    assert relation_fit("anything", []) == 0.0


def test_the_same_labels_and_links_on_every_endpoint(endpoint_for, tmp_path):
    """Keyset paging through label_index.rq on embedded Oxigraph, the Oxigraph server and Virtuoso."""
    from kgsparql.adapters.generic import GenericAdapter

    endpoint = endpoint_for("metaqa")
    adapter = GenericAdapter.on(endpoint)
    labels = sorted(read_labels(adapter))
    assert sorted(read_labels(adapter, page=3)) == labels
    assert {"Kismet", "William Dieterle", "1944"} <= {label for _, label in labels}
    kg = KnowledgeGraph(endpoint, adapter, Settings(home=str(tmp_path)))
    linker = EntityLinker(kg, kg.settings)
    assert linker.index is not None and len(linker.index) == len(labels)
    assert linker.link("who directed Kismet").top.label == "Kismet"


def test_a_word_many_labels_hold_names_less_than_one_only_one_label_holds():
    from kgsparql.linking.matching import fuzzy_readings
    from kgsparql.linking.text import tokens

    kinds = ["Rock", "Pop", "Folk", "Swing", "Soul", "Blues", "Gospel", "Country"]
    index = LabelIndex([(f"e:{k}", f"{k} music") for k in kinds] + [("e:lvb", "Ludwig van Beethoven")]
                       + [(f"e:x{n}", f"Place number {n}") for n in range(40)])
    toks = tokens("what music period did beethoven live in")
    by_label = {r.entity.label: r.tier for r in fuzzy_readings(index, toks, limit=20)}
    assert by_label["Ludwig van Beethoven"] > by_label["Rock music"] > 0
    assert index.specificity("beethoven") == pytest.approx(index.specificity_of_unique())

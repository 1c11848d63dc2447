"""Two in-memory stores in one process are two sources: caches keyed by ``source_id`` keep them apart."""
from __future__ import annotations

import gc

import pyoxigraph

from kgsparql import Settings
from kgsparql.endpoints import EmbeddedEndpoint
from kgsparql.kg import KnowledgeGraph
from kgsparql.linking.vocabulary import loaded_relation_vocabulary
from kgsparql.loaded_models import Models
from kgtest import lines_adapter


def _kg(lines: str) -> KnowledgeGraph:
    adapter = lines_adapter(lines.splitlines())
    return KnowledgeGraph(adapter.endpoint, adapter)


def test_two_in_memory_kgs_have_two_names_and_two_vocabularies(tmp_path):
    films = _kg("Kismet|directed_by|William Dieterle\nKismet|release_year|1944")
    rivers = _kg("Danube|flows_into|Black Sea\nDanube|length_km|2850")
    assert films.source_id != rivers.source_id
    assert films.source_id.startswith("embedded:memory")
    models, settings = Models(), Settings(home=str(tmp_path / "home"))
    labels = [{r.label for r in loaded_relation_vocabulary(kg, settings, models, 100)} for kg in (films, rivers)]
    assert labels[0] == {"directed by", "release year"}
    assert labels[1] == {"flows into", "length km"}


def test_endpoints_over_one_store_share_its_name():
    store = pyoxigraph.Store()
    first, second = EmbeddedEndpoint.open(store=store), EmbeddedEndpoint.open(store=store)
    assert first.name == second.name
    assert EmbeddedEndpoint.open().name != first.name


def test_a_store_opened_again_after_its_endpoints_are_gone_gets_a_new_name():
    store = pyoxigraph.Store()
    endpoint = EmbeddedEndpoint.open(store=store)
    before = endpoint.name
    del endpoint
    gc.collect()
    assert EmbeddedEndpoint.open(store=store).name != before


def test_a_store_on_disk_is_named_by_its_path(tmp_path):
    pyoxigraph.Store(str(tmp_path / "s")).flush()
    assert EmbeddedEndpoint.open(str(tmp_path / "s")).name == f"embedded:{(tmp_path / 's').resolve()}"


def test_an_in_memory_store_keeps_its_label_index_in_the_process(tmp_path):
    from kgsparql.linking.build import index_for

    kg, settings = _kg("Kismet|directed_by|William Dieterle"), Settings(home=str(tmp_path / "home"))
    index = index_for(kg, settings, Models())
    assert index is not None and len(index) >= 2
    assert not list((tmp_path / "home").rglob("labels.json"))

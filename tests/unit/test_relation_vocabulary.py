"""The relation vocabulary of a store on disk is read once and saved beside the label index: a later
run reads it without SPARQL, a changed store, limit or expired file reads it again, and an
in-memory store is never saved."""
from __future__ import annotations

import os
import time

import pyoxigraph
import pytest

from kgsparql import stats
from kgsparql.config import Settings
from kgsparql.linking.vocabulary import relation_vocabulary, vocabulary_path

from kgtest import lines_adapter, store_from_lines

ROWS = """Kismet|directed_by|William Dieterle
Kismet|has_tags|bd-r
Up|directed_by|Pete Docter
Knocked Up|written_by|Judd Apatow
"""


@pytest.fixture
def store_kg(tmp_path):
    return store_from_lines(tmp_path, ROWS)


def _read(open_kg, settings, limit=1000):
    with open_kg() as kg, stats.collect() as seen:
        relations = relation_vocabulary(kg, settings, limit)
        path = vocabulary_path(kg, settings)
    return relations, seen.sparql_queries, path


def test_saved_and_read_again_without_sparql(store_kg):
    settings, open_kg = store_kg
    first, queries, path = _read(open_kg, settings)
    assert queries >= 1 and path.is_file()
    assert {r.label for r in first} == {"directed by", "has tags", "written by"}
    again, queries, _ = _read(open_kg, settings)
    assert queries == 0, "the vocabulary came from disk"
    assert again == first
    with open_kg() as kg:
        assert again == kg.adapter.schema_relations(1000), "what the KG itself says"


def test_a_changed_store_limit_or_expired_file_reads_again(store_kg):
    settings, open_kg = store_kg
    path = _read(open_kg, settings)[2]
    old = time.time() - 2 * settings.cache_ttl
    os.utime(path, (old, old))
    assert _read(open_kg, settings)[1] >= 1, "an expired file is read again"
    assert _read(open_kg, settings)[1] == 0, "and saved again"
    assert _read(open_kg, settings, limit=2)[1] >= 1, "another limit is another read"
    assert len(_read(open_kg, settings, limit=2)[0]) == 2
    store = pyoxigraph.Store(settings.store)
    store.add(pyoxigraph.Quad(pyoxigraph.NamedNode("https://kgsparql.example/e/Up"),
                              pyoxigraph.NamedNode("https://kgsparql.example/r/release_year"),
                              pyoxigraph.Literal("2009")))
    store.flush()
    del store
    relations, queries, _ = _read(open_kg, settings)
    assert queries >= 1 and "release year" in {r.label for r in relations}


def test_an_in_memory_store_is_not_saved(tmp_path):
    adapter = lines_adapter(ROWS.splitlines())

    class InMemory:
        endpoint, source_id = adapter.endpoint, "memory"

    InMemory.adapter = adapter
    settings = Settings(home=str(tmp_path / "home"))
    assert vocabulary_path(InMemory, settings) is None
    assert {r.label for r in relation_vocabulary(InMemory, settings, 1000)} == {"directed by", "has tags", "written by"}
    assert not (tmp_path / "home").exists()

"""ResultCache: shared by threads (one endpoint, the real Oxigraph server, 8 threads), entries expire
after ``ttl``, old files are migrated, SQLite failures are one-line CacheErrors."""
from __future__ import annotations

import sqlite3
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

from kgsparql.endpoints.base import Rows
from kgsparql.endpoints.cache import ResultCache
from kgsparql.endpoints.http import HttpEndpoint
from kgsparql.errors import CacheError
from kgsparql.types import IRI, Literal
from servers import graph_iri

PAGE = "SELECT ?s ?o WHERE { ?s <http://www.w3.org/2000/01/rdf-schema#label> ?o } ORDER BY ?s ?o LIMIT 2"


def _query(i: int) -> str:
    return PAGE.replace("LIMIT 2", f"LIMIT 2 OFFSET {i * 2}")


@pytest.mark.servers
def test_one_cached_endpoint_shared_by_8_threads(oxigraph_server, tmp_path):
    plain = HttpEndpoint.open(oxigraph_server.url, default_graph=graph_iri("metaqa"), cache=None)
    expected = {i: list(plain.select(_query(i))) for i in range(25)}
    assert all(expected.values())
    cache = ResultCache(tmp_path / "results.sqlite")
    shared = HttpEndpoint.open(oxigraph_server.url, default_graph=graph_iri("metaqa"), cache=cache)
    calls = [i % 25 for i in range(208)] * 3  # each query 24 or 27 times: misses and hits race each other

    def one(i: int):
        try:
            return i, list(shared.select(_query(i))), None
        except Exception as exc:  # noqa: BLE001 - counted below
            return i, None, exc

    with ThreadPoolExecutor(8) as pool:
        results = list(pool.map(one, calls))
    errors = [repr(e) for _, _, e in results if e is not None]
    assert errors == []
    assert all(rows == expected[i] for i, rows, _ in results)
    assert sum(entry["entries"] for entry in cache.info()) == 25
    shared.close()


def test_entries_expire_after_ttl(tmp_path):
    cache = ResultCache(tmp_path / "c.sqlite", ttl=0.5)
    cache.put("ep", "ASK {}", True)
    cache.put("ep", "SELECT", Rows([{"x": IRI("http://x/a")}, {"x": Literal("b", lang="en")}], ["x"]))
    assert cache.get("ep", "ASK {}") is True
    assert list(cache.get("ep", "SELECT")) == [{"x": IRI("http://x/a")}, {"x": Literal("b", lang="en")}]
    time.sleep(0.6)
    assert cache.get("ep", "ASK {}") is None and cache.get("ep", "SELECT") is None
    assert cache.info() == [{"endpoint": "ep", "entries": 2, "expired": 2, "oldest": pytest.approx(time.time(), abs=2),
                             "newest": pytest.approx(time.time(), abs=2)}]
    cache.put("other", "ASK {}", False)
    assert cache.clear(expired_only=True) == 2 and cache.clear() == 1 and cache.info() == []


def test_old_cache_files_are_migrated_and_count_as_expired(tmp_path):
    path = tmp_path / "old.sqlite"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE results (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
    db.execute("INSERT INTO results VALUES ('k', 'true')")
    db.commit()
    db.close()
    cache = ResultCache(path, ttl=3600)
    assert cache.info()[0]["expired"] == 1
    cache.put("ep", "ASK {}", True)
    assert cache.get("ep", "ASK {}") is True


def test_a_broken_cache_file_is_a_one_line_cache_error(tmp_path):
    path = tmp_path / "broken.sqlite"
    path.write_bytes(b"this is not a database" * 100)
    with pytest.raises(CacheError) as info:
        ResultCache(path)
    assert "\n" not in str(info.value) and str(path) in str(info.value)

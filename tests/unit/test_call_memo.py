"""One question's query memory (``endpoints.call_memo``) on a real embedded store: a query that
differs from one already answered only by a smaller final LIMIT is answered from memory, with the
same rows the store gives it; a larger cap than a cut answer held runs again."""
from __future__ import annotations

import pyoxigraph
import pytest

from kgsparql import stats
from kgsparql.endpoints import EmbeddedEndpoint
from kgsparql.endpoints.cache import memo

DATA = "".join(f"<http://example.org/f{i}> <http://example.org/year> \"{1900 + i}\"^^<http://www.w3.org/2001/XMLSchema#integer> .\n" for i in range(12))
ORDERED = "SELECT ?f ?y WHERE {{ ?f <http://example.org/year> ?y }} ORDER BY ?y LIMIT {}"


@pytest.fixture
def endpoint() -> EmbeddedEndpoint:
    store = pyoxigraph.Store()
    store.load(input=DATA.encode(), format=pyoxigraph.RdfFormat.N_TRIPLES)
    return EmbeddedEndpoint.open(store=store)


def _run(endpoint, *limits):
    with stats.collect() as st, memo():
        results = [endpoint.select(ORDERED.format(n)) for n in limits]
    return results, st


def test_a_smaller_limit_is_answered_from_memory_with_the_stores_rows(endpoint):
    (big, small), st = _run(endpoint, 20, 5)
    assert st.sparql_queries == 1 and st.sparql_cache_hits == 1
    assert list(small) == list(endpoint.select(ORDERED.format(5))) and len(big) == 12


def test_a_complete_answer_serves_a_larger_limit(endpoint):
    (first, second), st = _run(endpoint, 20, 50)
    assert st.sparql_queries == 1 and list(first) == list(second)


def test_a_cut_answer_does_not_serve_a_larger_limit(endpoint):
    (cut, full), st = _run(endpoint, 5, 10)
    assert st.sparql_queries == 2 and len(cut) == 5 and len(full) == 10


def test_nothing_is_remembered_across_questions(endpoint):
    _run(endpoint, 20)
    _, st = _run(endpoint, 5)
    assert st.sparql_queries == 1 and st.sparql_cache_hits == 0

"""The label index build stops: against a loopback SPARQL server that ignores the keyset filter on
``?after`` (it answers the same page forever) and against one larger than the index cap."""
from __future__ import annotations

import logging
import re

import pytest

from kgsparql.adapters.generic import GenericAdapter
from kgsparql.config import Settings
from kgsparql.endpoints.http import HttpEndpoint
from kgsparql.kg import KnowledgeGraph
from kgsparql.linking.build import index_for, index_path, read_labels

from faultserver import Reply, serving

ENTITIES = [(f"http://x/e{i:03d}", f"entity {i}") for i in range(50)]


def _page(rows) -> Reply:
    return Reply(body={"head": {"vars": ["e", "label"]}, "results": {"bindings": [
        {"e": {"type": "uri", "value": e}, "label": {"type": "literal", "value": label}} for e, label in rows]}})


def honest(query: str) -> Reply:
    """Keyset paging done right: entities after ?after, in IRI order, LIMIT of the query."""
    after = re.search(r'VALUES \?after \{ (?:UNDEF|"([^"]*)") \}', query)
    limit = int(re.search(r"LIMIT (\d+)", query).group(1))
    start = after.group(1) if after and after.group(1) else ""
    return _page([r for r in ENTITIES if r[0] > start][:limit])


def test_a_server_that_ignores_the_paging_filter_is_read_twice_only(caplog):
    with serving() as srv:
        srv.respond = lambda query: _page(ENTITIES[:10])  # the same page, whatever ?after says
        adapter = GenericAdapter.on(HttpEndpoint.open(srv.url, retries=0))
        with caplog.at_level(logging.WARNING, logger="kgsparql.linking"):
            labels = read_labels(adapter)
        assert len(srv.requests) == 2
    assert labels.truncated and "ignores the paging filter" in labels.truncated
    assert labels == ENTITIES[:9]  # the first page, less its last entity (it may go on)
    assert any("label index truncated" in r.message for r in caplog.records)


def test_an_honest_server_is_read_to_the_end():
    with serving() as srv:
        srv.respond = honest
        adapter = GenericAdapter.on(HttpEndpoint.open(srv.url, retries=0))
        labels = read_labels(adapter, page=7)
        assert labels == ENTITIES and labels.truncated is None
        assert len(srv.requests) == 11  # 6 new entities a page (the last one alone), then an empty page


def test_the_label_cap_truncates_with_a_warning(caplog):
    with serving() as srv:
        srv.respond = honest
        adapter = GenericAdapter.on(HttpEndpoint.open(srv.url, retries=0))
        with caplog.at_level(logging.WARNING, logger="kgsparql.linking"):
            labels = read_labels(adapter, page=5, max_labels=20)
        assert len(labels) == 20 and "larger than the index cap" in labels.truncated
        assert len(srv.requests) == 5
        rows_capped = read_labels(adapter, page=5, max_labels=1000, max_rows=12)
        assert rows_capped.truncated and len(rows_capped) == 12


def test_a_truncated_index_is_used_but_never_saved(tmp_path):
    with serving() as srv:
        srv.respond = lambda query: _page(ENTITIES[:10])
        settings = Settings(endpoint=srv.url, home=str(tmp_path), retries=0)
        endpoint = HttpEndpoint.open(srv.url, retries=0)
        kg = KnowledgeGraph(endpoint, GenericAdapter.on(endpoint), settings)
        index = index_for(kg, settings)
        assert len(index) == 9
        assert not index_path(kg, settings).exists()

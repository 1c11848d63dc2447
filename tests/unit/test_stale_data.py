"""Stale data behind an HTTP endpoint: ``kgsparql sparql`` never answers from the cache, cached
results and saved label indexes expire after ``cache_ttl``, an empty label index is never saved, and
``kgsparql cache info|clear`` shows and removes what is cached. The endpoint is a loopback server
whose data the test changes."""
from __future__ import annotations

import json
import re
import time

import pytest
from click.testing import CliRunner

from kgsparql.cli import main
from kgsparql.config import Settings
from kgsparql.errors import ConfigError
from kgsparql.kg import KnowledgeGraph
from kgsparql.linking.build import index_for, index_path
from kgsparql.loaded_models import Models

from faultserver import Reply, serving

COUNT = "SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }"


class Data:
    """What the server holds: a triple count and entity labels; ``respond`` answers from it."""

    def __init__(self):
        self.count, self.labels = 3, [("http://x/a", "Alpha")]

    def respond(self, query: str) -> Reply:
        if "?after" in query:  # label_index.rq: the labels after ?after (keyset paging)
            after = re.search(r'VALUES \?after \{ "([^"]*)" \}', query)
            rows = [r for r in self.labels if not after or r[0] > after.group(1)]
            bindings = [{"e": {"type": "uri", "value": e}, "label": {"type": "literal", "value": l}} for e, l in rows]
            return Reply(body={"head": {"vars": ["e", "label"]}, "results": {"bindings": bindings}})
        if query.lstrip().startswith("ASK"):
            return Reply(body={"head": {}, "boolean": self.count > 0})
        n = {"type": "literal", "value": str(self.count), "datatype": "http://www.w3.org/2001/XMLSchema#integer"}
        return Reply(body={"head": {"vars": ["n"]}, "results": {"bindings": [{"n": n}]}})


@pytest.fixture
def server():
    with serving() as srv:
        srv.data = Data()
        srv.respond = srv.data.respond
        yield srv


def _cli(args, home):
    return CliRunner().invoke(main, args, env={"KGSPARQL_HOME": str(home)})


def test_sparql_command_always_asks_the_endpoint(server, tmp_path):
    first = _cli(["sparql", "--endpoint", server.url, COUNT], tmp_path)
    server.data.count = 7
    second = _cli(["sparql", "--endpoint", server.url, COUNT], tmp_path)
    assert first.output.split()[-1] == "3" and second.output.split()[-1] == "7"
    assert len(server.requests) == 2


def test_cached_results_expire_after_cache_ttl(server, tmp_path):
    settings = Settings(endpoint=server.url, home=str(tmp_path), cache_ttl=0.5)
    with KnowledgeGraph.from_settings(settings) as kg:
        assert kg.endpoint.select(COUNT)[0]["n"].value == "3"
        server.data.count = 7
        assert kg.endpoint.select(COUNT)[0]["n"].value == "3"  # within the lifetime: the cache answers
        time.sleep(0.6)
        assert kg.endpoint.select(COUNT)[0]["n"].value == "7"
    with pytest.raises(ConfigError):
        Settings(cache_ttl=float("nan"))


def test_empty_label_index_is_never_saved_and_old_ones_are_rebuilt(server, tmp_path):
    settings = Settings(endpoint=server.url, home=str(tmp_path), cache_ttl=0.5)
    server.data.labels = []
    with KnowledgeGraph.from_settings(settings) as kg:
        assert len(index_for(kg, settings, Models())) == 0
        path = index_path(kg, settings)
        assert not path.exists()                      # the KG may simply not be loaded yet
        server.data.labels = [("http://x/a", "Alpha")]
        assert len(index_for(kg, settings, Models())) == 1 and path.exists()
        server.data.labels = [("http://x/a", "Alpha"), ("http://x/b", "Beta")]
        assert len(index_for(kg, settings, Models())) == 1   # saved and still fresh
        time.sleep(0.6)
        assert len(index_for(kg, settings, Models())) == 2   # older than cache_ttl: read again


def test_cache_info_and_clear(server, tmp_path):
    settings = Settings(endpoint=server.url, home=str(tmp_path))
    with KnowledgeGraph.from_settings(settings) as kg:
        kg.endpoint.select(COUNT)
        kg.endpoint.ask("ASK { ?s ?p ?o }")
        index_for(kg, settings, Models())
    info = json.loads(_cli(["cache", "info", "--json"], tmp_path).output)
    assert [(e["entries"], e["expired"]) for e in info["results"]["endpoints"]] == [(2, 0)]  # index pages are not cached
    assert [(i["labels"], i["expired"]) for i in info["indexes"]] == [(1, False)]
    text = _cli(["cache", "info"], tmp_path)
    assert text.exit_code == 0 and "2 entries" in text.output and "1 labels" in text.output
    assert _cli(["cache", "clear", "--expired"], tmp_path).output.strip() == "removed 0 cached results and 0 label indexes"
    assert _cli(["cache", "clear"], tmp_path).output.strip() == "removed 2 cached results and 1 label indexes"
    info = json.loads(_cli(["cache", "info", "--json"], tmp_path).output)
    assert info["results"]["endpoints"] == [] and info["indexes"] == []

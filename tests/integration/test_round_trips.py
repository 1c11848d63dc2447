"""Round trips on a real Oxigraph server: independent queries go out together (one dependent wait,
``stats.sparql_round_trips``) and give the same answers as one at a time; a question that sends
the same query twice pays for it once (the per-question memo), even with the result cache off."""
from __future__ import annotations

import pytest

from kgsparql import stats
from kgsparql.adapters.generic import GenericAdapter
from kgsparql.api import answer_with_stats
from kgsparql.config import DEFAULT_BASE_IRI
from kgsparql.endpoints.http import HttpEndpoint
from kgsparql.loading.convert import entity_iri
from kgsparql.retrieval import expand_subgraph
from kgsparql.types import IRI, Entity, Answer
from servers import graph_iri

pytestmark = pytest.mark.servers
KISMET = Entity(IRI(entity_iri(DEFAULT_BASE_IRI, "Kismet")), "Kismet")


def _adapter(server, concurrency: int) -> GenericAdapter:
    endpoint = HttpEndpoint.open(server.url, default_graph=graph_iri("metaqa"), cache=None,
                                 concurrency=concurrency)
    return GenericAdapter.on(endpoint)


def _edges(sub):
    return sorted((t.head.id, t.relation.key(), t.tail.id, t.tail.label) for ts in sub.adjacency.values() for t in ts)


def test_both_directions_go_out_together_with_the_same_rows(oxigraph_server):
    got = {}
    for concurrency in (1, 4):
        adapter = _adapter(oxigraph_server, concurrency)
        with stats.collect() as st:
            got[concurrency] = (adapter.relations([KISMET], "both"), adapter.neighbors([KISMET], None, "both"))
        assert st.sparql_queries == 4
        assert st.sparql_round_trips == (4 if concurrency == 1 else 2)
        adapter.endpoint.close()
    assert got[1] == got[4] and got[1][0] and got[1][1]


def test_a_subgraph_costs_two_round_trips_per_hop_and_is_the_same(oxigraph_server):
    subs, trips = {}, {}
    for concurrency in (1, 4):
        adapter = _adapter(oxigraph_server, concurrency)
        with stats.collect() as st:
            subs[concurrency] = expand_subgraph(adapter, [KISMET], 2, top_m=3,   # FRAG keeps 3 per hop
                                                scorer=lambda hop, rels: [-len(r.iri) for r in rels])
        trips[concurrency] = (st.sparql_queries, st.sparql_round_trips)
        adapter.endpoint.close()
    assert _edges(subs[1]) == _edges(subs[4]) and subs[1].edge_count() > 2
    assert trips[1][0] == trips[4][0] == trips[1][1]          # one at a time: every query a round trip
    assert trips[4][1] <= 4 < trips[4][0]                     # together: relations, then neighbours, per hop


class _Twice:
    """A method that sends one query twice, as FRAG does for the chain's first hop."""

    def __init__(self, adapter):
        self.adapter = adapter

    def answer(self, question, *, id=None):
        first = self.adapter.neighbors([KISMET], None, "out")
        second = self.adapter.neighbors([KISMET], None, "out")
        assert first == second
        return Answer(question, tuple(sorted({t.tail.name for t in first})), id=id)


def test_a_repeated_query_in_one_question_is_sent_once(oxigraph_server):
    adapter = _adapter(oxigraph_server, 4)
    for _ in range(2):                           # the memo lives for one question, not across them
        answer = answer_with_stats(_Twice(adapter), "what about [Kismet]")
        s = answer.stats
        assert (s["sparql_queries"], s["sparql_cache_hits"], s["sparql_round_trips"]) == (1, 1, 1)
        assert "William Dieterle" in answer.answers
    adapter.endpoint.close()

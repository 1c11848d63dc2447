"""``HttpEndpoint`` reuses connections (HTTP/1.1 keep-alive) against a real loopback HTTP/1.1 server:
sequential queries share one connection, queries in flight together each get one, a connection the
server closed while idle is replaced without an error, and an abandoned response is never reused."""
from __future__ import annotations


import pytest

from kgsparql import stats
from kgsparql.endpoints.http import HttpEndpoint
from kgsparql.errors import EndpointTimeout
from kgsparql.parallel import gather
from faultserver import Handler, Reply, serving


class KeepAliveHandler(Handler):
    protocol_version = "HTTP/1.1"

    def _answer(self, params: str) -> None:
        self.server.peers.append(self.client_address)
        super()._answer(params)
        if self.server.close_after_reply:      # hang up while idle, without saying so
            self.close_connection = True


def keepalive_server():
    return serving(KeepAliveHandler, peers=[], close_after_reply=False)


def _endpoint(srv, **kw):
    return HttpEndpoint.open(srv.url, retries=0, **kw)


def test_sequential_queries_share_one_connection():
    with keepalive_server() as srv, _endpoint(srv) as ep:
        for i in range(5):
            assert len(ep.select(f"SELECT ?s WHERE {{ ?s ?p {i} }}")) == 2
    assert len(srv.peers) == 5 and len(set(srv.peers)) == 1


def test_queries_in_flight_together_use_several_connections_then_reuse_them():
    with keepalive_server() as srv, _endpoint(srv, concurrency=3) as ep:
        srv.script = [Reply(delay=0.2)]
        for round_ in range(2):
            with stats.collect() as st:
                gather([lambda i=i: ep.select(f"SELECT ?s WHERE {{ ?s ?p {round_}{i} }}") for i in range(3)],
                       ep.concurrency)
            assert (st.sparql_queries, st.sparql_round_trips) == (3, 1)
    assert len(srv.peers) == 6 and len(set(srv.peers)) == 3          # the second round reused all three


def test_a_connection_the_server_closed_while_idle_is_replaced():
    with keepalive_server() as srv, _endpoint(srv) as ep:
        srv.close_after_reply = True
        answers = [len(ep.select(f"SELECT ?s WHERE {{ ?s ?p {i} }}")) for i in range(3)]
    assert answers == [2, 2, 2] and len(set(srv.peers)) == 3


def test_an_abandoned_response_is_not_reused():
    with keepalive_server() as srv, _endpoint(srv, timeout=0.5) as ep:
        srv.script = [Reply(trickle=0.2), Reply()]
        with pytest.raises(EndpointTimeout):
            ep.select("SELECT ?s WHERE { ?s ?p 1 }")
        assert len(ep.select("SELECT ?s WHERE { ?s ?p 2 }")) == 2
    assert len(srv.peers) == 2 and srv.peers[0] != srv.peers[1]

"""``timeout`` bounds a whole call: a body trickled a byte at a time (HTTP), retries and their waits,
and a cartesian aggregate on the embedded store all end in EndpointTimeout on time; nan, inf and
negative timeouts are refused when settings are validated."""
from __future__ import annotations

import math
import subprocess
import sys
import time

import pyoxigraph
import pytest
from click.testing import CliRunner

from kgsparql.cli import main
from kgsparql.config import Settings
from kgsparql.endpoints import EmbeddedEndpoint
from kgsparql.endpoints.deadline import busy_workers
from kgsparql.endpoints.http import HttpEndpoint
from kgsparql.errors import ConfigError, EndpointTimeout, EndpointUnavailable

from faultserver import Reply, serving

SELECT = "SELECT ?s WHERE { ?s ?p ?o }"
CARTESIAN = "SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f }"


def _workers() -> int:
    return busy_workers()


@pytest.mark.parametrize("call", ["select", "ask"])
def test_trickled_body_ends_at_the_deadline(call):
    with serving() as srv:
        srv.script = [Reply(body={"head": {}, "boolean": True} if call == "ask" else {"head": {"vars": ["s"]},
                            "results": {"bindings": []}}, trickle=0.3)]
        ep = HttpEndpoint.open(srv.url, timeout=1.5, retries=2, backoff=0.01)
        t0 = time.monotonic()
        with pytest.raises(EndpointTimeout) as info:
            getattr(ep, call)(SELECT if call == "select" else "ASK { ?s ?p ?o }")
        assert 1.4 < time.monotonic() - t0 < 6  # the whole body would trickle for over 12 s
        assert "within 1.5 s" in str(info.value) and len(srv.requests) == 1  # a timeout is not retried
        deadline = time.monotonic() + 2
        while _workers() and time.monotonic() < deadline:  # the abandoned reader stops on its own
            time.sleep(0.05)
        assert _workers() == 0


def test_retries_and_their_waits_stay_inside_the_deadline():
    with serving() as srv:
        srv.script = [Reply(status=503)]
        ep = HttpEndpoint.open(srv.url, timeout=1.0, retries=20, backoff=0.2, max_backoff=0.2)
        t0 = time.monotonic()
        with pytest.raises(EndpointUnavailable):
            ep.select(SELECT)
        # 20 retries would wait 4 s at the least; the bound leaves room for a loaded machine
        assert time.monotonic() - t0 < 3 and 2 <= len(srv.requests) <= 6


def _store(n: int, path=None) -> pyoxigraph.Store:
    store = pyoxigraph.Store(path) if path else pyoxigraph.Store()
    p = pyoxigraph.NamedNode("http://x/p")
    store.bulk_extend(pyoxigraph.Quad(pyoxigraph.NamedNode(f"http://x/{i}"), p, pyoxigraph.Literal(str(i)))
                      for i in range(n))
    return store


def test_embedded_cartesian_aggregate_ends_at_the_deadline():
    ep = EmbeddedEndpoint.open(store=_store(4000), timeout=0.3)  # 16M pairs: over ten seconds of work
    t0 = time.monotonic()
    with pytest.raises(EndpointTimeout, match="timed out after 0.3 s"):
        ep.select(CARTESIAN)
    assert time.monotonic() - t0 < 3
    assert ep.select("SELECT (COUNT(*) AS ?n) { ?s ?p ?o }", timeout=5)[0]["n"].value == "4000"


def test_cli_timeout_stops_a_query_that_would_never_end(tmp_path):
    store = _store(3000, str(tmp_path / "s"))
    store.flush()
    del store
    never = "SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i }"  # 2.7e10 rows
    cmd = [sys.executable, "-c", "from kgsparql.cli import main; main()", "sparql", "--store",
           str(tmp_path / "s"), "--timeout", "2", never]
    # the query would run for hours: ending at all, with the deadline's message, is the behaviour (the
    # process start, imports included, takes 30 s and more on a loaded machine, so no tighter bound)
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 1, proc.stderr
    assert proc.stderr.strip() == "error: query on the embedded store: timed out after 2 s"


@pytest.mark.parametrize("value", [math.nan, math.inf, -1.0, 0.0])
def test_bad_timeouts_are_refused_by_settings(value):
    with pytest.raises(ConfigError, match="finite number of seconds"):
        Settings(timeout=value)
    with pytest.raises(ConfigError):
        EmbeddedEndpoint.open(store=pyoxigraph.Store(), timeout=value)


@pytest.mark.parametrize("value", ["nan", "inf", "-3"])
def test_cli_refuses_bad_timeouts_in_one_line(value, tmp_path):
    result = CliRunner().invoke(main, ["sparql", "--store", str(tmp_path / "none"), "--timeout", value, SELECT])
    assert result.exit_code == 1
    assert result.output.strip().startswith("error: timeout must be a finite number")
    assert len(result.output.strip().splitlines()) == 1

"""Property-based fuzz of the read-only guard on the embedded store, the Oxigraph server and Virtuoso:
SERVICE calls and update forms in generated positions and spellings are refused, decoys run, and a
loopback listener named by every query receives nothing.

Examples per property and store: ``KGSPARQL_FUZZ_EXAMPLES`` (default 100: about 400 queries per store in CI); the
benchmark run in docs/reliability.md uses 3000. ``KGSPARQL_FUZZ_REPORT=FILE`` appends one JSON line
per property and store with the counts."""
from __future__ import annotations

import json
import os

import pytest

from conftest import servers_required

try:
    from hypothesis import HealthCheck, given, settings
except ImportError:  # an environment made before the test extra listed it: skipped, but never in CI
    if servers_required():
        raise
    pytest.skip("hypothesis is not installed (pip install -e .[test])", allow_module_level=True)

from kgsparql.endpoints import EmbeddedEndpoint
from kgsparql.errors import EndpointError, QueryRejected, ReadOnlyViolation, ServiceRefused
from kgsparql.readonly import passed_read_form, query_kind

from faultserver import serving
from guardfuzz import decoy_queries, service_queries, smuggled_queries, update_requests

EXAMPLES = int(os.environ.get("KGSPARQL_FUZZ_EXAMPLES", "100"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, database=None, derandomize=False,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow,
                                       HealthCheck.filter_too_much, HealthCheck.data_too_large])


def _run(endpoint, query: str):
    """The query by its form's call; the form is read off its first keyword (the generated forms are
    spelt plainly), so that the endpoint's own guard is the one that refuses."""
    return endpoint.ask(query) if passed_read_form(query) == "ASK" else endpoint.select(query)


def _report(prop: str, store: str, tried: int, requests: int) -> None:
    path = os.environ.get("KGSPARQL_FUZZ_REPORT")
    if path:
        with open(path, "a", encoding="utf-8") as fh:
            fh.write(json.dumps({"property": prop, "store": store, "queries": tried, "requests": requests}) + "\n")


def _refused_and_nothing_sent(endpoint_for, store: str, prop: str, strategy, run, refusals) -> None:
    """Every generated query is refused with one of ``refusals`` and the listener it names gets no request."""
    endpoint, tried, sent = endpoint_for("metaqa"), [], []
    with serving() as listener:
        base = listener.url.rsplit("/", 1)[0]

        @FUZZ
        @given(strategy(base))
        def check(query):
            tried.append(query)
            listener.requests.clear()   # each example answers for its own requests, not an earlier one's
            try:
                with pytest.raises(refusals):
                    run(endpoint, query)
            finally:
                sent.extend(listener.requests)
            assert listener.requests == [], query

        check()
        _report(prop, store, len(tried), len(sent))
    assert len(tried) >= min(EXAMPLES, 50)


def test_service_is_refused_in_every_generated_position(endpoint_for, endpoint_kind):
    _refused_and_nothing_sent(endpoint_for, endpoint_kind, "service", service_queries, _run, ServiceRefused)


def test_service_between_escaped_quotes_is_refused(endpoint_for, endpoint_kind):
    """A parser that expands ``\\u0022`` before tokenising reads these calls as strings; the store does not."""
    _refused_and_nothing_sent(endpoint_for, endpoint_kind, "smuggled", smuggled_queries,
                              lambda endpoint, query: endpoint.select(query), QueryRejected)


def test_every_update_form_is_refused_and_sends_nothing(endpoint_for, endpoint_kind):
    _refused_and_nothing_sent(endpoint_for, endpoint_kind, "update", update_requests,
                              lambda endpoint, query: endpoint.select(query), (ReadOnlyViolation, QueryRejected))


def test_decoys_run_and_fetch_nothing(endpoint_for, endpoint_kind):
    """The word SERVICE as text or as part of a name is no call: the guard lets the query run."""
    endpoint, tried = endpoint_for("metaqa"), []
    with serving() as listener:
        base = listener.url.rsplit("/", 1)[0]

        @FUZZ
        @given(decoy_queries(base))
        def check(query):
            tried.append(query)
            assert query_kind(query) in ("SELECT", "ASK")
            try:
                _run(endpoint, query)
            except EndpointError as exc:   # a store may not take every form; never a refusal by the guard
                assert not isinstance(exc, (ServiceRefused, ReadOnlyViolation)), (query, exc)
            assert listener.requests == [], query

        check()
        _report("decoy", endpoint_kind, len(tried), len(listener.requests))
    assert tried


def test_the_generated_calls_do_fetch_when_service_is_allowed():
    """The fuzz queries are real calls: allowed, the embedded store fetches the listener's URL."""
    from hypothesis import find

    with serving() as listener, EmbeddedEndpoint.open(store=None, allow_service=True) as endpoint:
        base = listener.url.rsplit("/", 1)[0]
        query = find(service_queries(base), lambda q: "\\" not in q and "EXISTS" not in q.upper(),
                     settings=settings(database=None, max_examples=500))
        try:
            _run(endpoint, query)
        except QueryRejected:
            pytest.skip("this pyoxigraph build has no HTTP client for SERVICE")
        assert listener.requests, query

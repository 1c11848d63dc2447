"""Session-wide fixtures: the fixture KGs in ``tests/fixtures/kg``, a real Oxigraph server and a
private Virtuoso (each started once, every dataset in graph ``urn:kgsparql:test:<dataset>``), and
``endpoint_for(dataset)``, which runs a test against embedded Oxigraph, the Oxigraph server and Virtuoso.

A missing server binary skips its tests locally but fails them when ``CI=true`` or
``KGSPARQL_REQUIRE_SERVERS=1``. A server that is installed but does not start always fails. Under
those two settings any other skip (missing data, extra or model) fails too."""
from __future__ import annotations

import atexit
import os
import tempfile
from pathlib import Path
from typing import Callable, Iterator

import pyoxigraph
import pytest

from kgsparql.endpoints import EmbeddedEndpoint, Endpoint
from kgsparql.endpoints.http import HttpEndpoint
from llamaserver import LlamaServer, model_missing
from servers import (VIRTUOSO_INI, OxigraphServer, ServerError, VirtuosoServer, find_binary, graph_iri,
                     prepare_datasets)

FIXTURE_KG = Path(__file__).parent / "fixtures" / "kg"
ENDPOINT_KINDS = ("embedded", "oxigraph", "virtuoso")
SERVER_KINDS = ("oxigraph", "virtuoso")


def keep_loopback_off_proxies() -> None:
    """Test traffic goes to 127.0.0.1 only, even where http_proxy is set for the machine."""
    for key in ("no_proxy", "NO_PROXY"):
        hosts = {h.strip() for h in os.environ.get(key, "").split(",") if h.strip()}
        os.environ[key] = ",".join(sorted(hosts | {"127.0.0.1", "localhost"}))


keep_loopback_off_proxies()

# One ONNX export of MiniLM for every test's temporary home (made by the first test that needs it,
# kept between sessions; its key changes with the model files and the export recipe: docs/speed.md).
os.environ.setdefault("KGSPARQL_ONNX_DIR", str(Path(tempfile.gettempdir()) / "kgsparql-test-onnx"))


def servers_required() -> bool:
    return os.environ.get("CI", "").lower() == "true" or os.environ.get("KGSPARQL_REQUIRE_SERVERS") == "1"


def server_missing(reason: str) -> None:
    if servers_required():
        pytest.fail(f"{reason} (servers are required: CI=true or KGSPARQL_REQUIRE_SERVERS=1)", pytrace=False)
    pytest.skip(reason)


def start_or_fail(server):
    atexit.register(server.stop)  # a daemonised Virtuoso must not outlive an interrupted session
    try:
        return server.start()
    except (ServerError, OSError) as exc:
        server.stop()
        pytest.fail(f"{type(server).__name__} did not start: {exc}", pytrace=False)


def pytest_collection_modifyitems(items) -> None:
    for item in items:
        kind = getattr(getattr(item, "callspec", None), "params", {}).get("endpoint_kind")
        if kind in SERVER_KINDS or {"oxigraph_server", "virtuoso_server"} & set(item.fixturenames):
            item.add_marker(pytest.mark.servers)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """Under CI nothing may skip: a missing data set, extra or model is a broken install there."""
    outcome = yield
    skipped_under_ci(outcome.get_result())


@pytest.hookimpl(hookwrapper=True)
def pytest_make_collect_report(collector):
    outcome = yield
    skipped_under_ci(outcome.get_result())


def skipped_under_ci(report) -> None:
    if report.skipped and servers_required() and not hasattr(report, "wasxfail"):
        reason = report.longrepr[-1] if isinstance(report.longrepr, tuple) else report.longrepr
        report.outcome = "failed"
        report.longrepr = f"skipped, but CI=true / KGSPARQL_REQUIRE_SERVERS=1 runs everything: {reason}"


@pytest.fixture(scope="session")
def kg_datasets(tmp_path_factory) -> dict[str, Path]:
    """{dataset: N-Triples file} for every file in tests/fixtures/kg, converted once per session."""
    return prepare_datasets(FIXTURE_KG, tmp_path_factory.mktemp("kg-load"))


@pytest.fixture(scope="session")
def oxigraph_server(kg_datasets, tmp_path_factory) -> Iterator[OxigraphServer]:
    binary = find_binary("oxigraph")
    if binary is None:
        server_missing("the oxigraph CLI is not installed (pip install oxigraph)")
    server = start_or_fail(OxigraphServer(tmp_path_factory.mktemp("oxigraph"), kg_datasets, binary))
    yield server
    server.stop()


@pytest.fixture(scope="session")
def virtuoso_server(kg_datasets, tmp_path_factory) -> Iterator[VirtuosoServer]:
    if not (find_binary("virtuoso-t") and find_binary("isql-vt") and VIRTUOSO_INI.exists()):
        server_missing("Virtuoso is not installed (scripts/install-virtuoso.sh)")
    server = start_or_fail(VirtuosoServer(tmp_path_factory.mktemp("virtuoso"), kg_datasets))
    yield server
    server.stop()


@pytest.fixture(scope="session")
def llama_server(tmp_path_factory) -> Iterator[str]:
    """The base URL (``.../v1``) of one real ``llama_cpp.server`` for the session, serving the
    packaged GGUF as model ``gemma`` (tests/llamaserver.py)."""
    try:
        import llama_cpp.server  # noqa: F401
    except ImportError as exc:
        model_missing(f"llama-cpp-python[server] is not installed ({exc})")
    from kgsparql.config import Settings
    from kgsparql.llm.model_files import resolve_model

    model = resolve_model(None, Settings().home_path)
    server = start_or_fail(LlamaServer(model, tmp_path_factory.mktemp("llama-server") / "server.log"))
    yield server.url
    server.stop()


@pytest.fixture(scope="session")
def embedded_stores(kg_datasets) -> Callable[[str], pyoxigraph.Store]:
    """An in-memory store per dataset, built on first use and shared by the session."""
    stores: dict[str, pyoxigraph.Store] = {}

    def store_for(dataset: str) -> pyoxigraph.Store:
        if dataset not in stores:
            stores[dataset] = pyoxigraph.Store()
            stores[dataset].bulk_load(path=str(kg_datasets[dataset]), format=pyoxigraph.RdfFormat.N_TRIPLES)
        return stores[dataset]

    return store_for


@pytest.fixture(params=ENDPOINT_KINDS)
def endpoint_kind(request) -> str:
    return request.param


@pytest.fixture
def endpoint_for(endpoint_kind, request, kg_datasets, embedded_stores) -> Iterator[Callable[[str], Endpoint]]:
    """``endpoint_for("metaqa")``: an Endpoint that sees only that dataset, on the current kind."""
    server = request.getfixturevalue(f"{endpoint_kind}_server") if endpoint_kind in SERVER_KINDS else None
    opened: list[Endpoint] = []

    def make(dataset: str) -> Endpoint:
        if dataset not in kg_datasets:
            pytest.fail(f"no dataset {dataset!r} in {FIXTURE_KG} (have: {', '.join(sorted(kg_datasets))})")
        if server is None:
            endpoint = EmbeddedEndpoint.open(store=embedded_stores(dataset))
        else:
            endpoint = HttpEndpoint.open(server.url, default_graph=graph_iri(dataset), cache=None, retries=1, backoff=0.1)
        opened.append(endpoint)
        return endpoint

    yield make
    for endpoint in opened:
        endpoint.close()

"""The WebQSP KB on a SPARQL server answers like the embedded store: ``eval webqsp --write-kb`` writes
it, ``scripts/virtuoso-load.sh`` bulk-loads it into the test Virtuoso (an ``oxigraph serve`` gets the
same file), and ``eval webqsp --endpoint … --limit 50`` writes the same rows as on the embedded store
(everything but the timings). Linking reads the KB's label index on every store here
(``[plugins.linking] label_index = "on"``; by default a Freebase endpoint is linked through lookup,
which suits a full dump). Needs the benchmark data (skipped without it)."""
from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from kgsparql.cli import main as cli_main

from conftest import server_missing
from servers import OxigraphServer, find_binary, graph_iri

ROOT = Path(__file__).resolve().parents[2]
DATA = Path(os.environ.get("KGSPARQL_DATA_DIR") or ROOT.parent / "shared" / "data")
pytestmark = pytest.mark.skipif(not (DATA / "webqsp").is_dir(), reason=f"no WebQSP data at {DATA}")
LIMIT = "50"


@pytest.fixture(scope="module")
def home(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("freebase-home")


def _eval(home: Path, out: Path, *extra: str) -> list[dict]:
    config = home / "linking.toml"
    config.write_text('[plugins.linking]\nlabel_index = "on"\n')
    result = CliRunner().invoke(cli_main, ["eval", "webqsp", "--data-dir", str(DATA), "--limit", LIMIT, "--quiet",
                                           "--config", str(config), "--out", str(out), *extra],
                                env={"KGSPARQL_HOME": str(home)})
    assert result.exit_code == 0, result.output
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(rows) == int(LIMIT)
    return [{k: v for k, v in r.items() if k != "stats"} for r in rows]


@pytest.fixture(scope="module")
def embedded(home, tmp_path_factory) -> list[dict]:
    return _eval(home, tmp_path_factory.mktemp("rows") / "embedded.jsonl")


def _write_kb(home: Path, path: Path) -> Path:
    result = CliRunner().invoke(cli_main, ["eval", "webqsp", "--data-dir", str(DATA), "--write-kb", str(path),
                                           "--quiet"], env={"KGSPARQL_HOME": str(home)})
    assert result.exit_code == 0, result.output
    return path


def test_virtuoso_bulk_loaded_answers_like_the_embedded_store(virtuoso_server, kg_datasets, home, embedded, tmp_path):
    # the server reads files from its DirsAllowed only: the fixture KGs' folder is one of them
    folder = next(iter(kg_datasets.values())).parent.resolve()
    kb = _write_kb(home, folder / "webqsp-eval.nt")
    graph = graph_iri("webqsp-eval")
    done = subprocess.run([str(ROOT / "scripts" / "virtuoso-load.sh"), str(folder), kb.name, graph,
                           f"127.0.0.1:{virtuoso_server.sql_port}"], capture_output=True, text=True,
                          env={**os.environ, "ISQL": find_binary(virtuoso_server.isql_binary) or "isql-vt"})
    assert done.returncode == 0, done.stdout + done.stderr
    assert "10244 triples" in done.stdout
    rows = _eval(home, tmp_path / "virtuoso.jsonl", "--endpoint", f"{virtuoso_server.url}?default-graph-uri={graph}")
    assert rows == embedded and any(r["hits1"] for r in rows)


def test_oxigraph_server_answers_like_the_embedded_store(home, embedded, tmp_path):
    binary = find_binary("oxigraph")
    if binary is None:
        server_missing("the oxigraph CLI is not installed (pip install oxigraph)")
    kb = _write_kb(home, tmp_path / "webqsp.nt")
    server = OxigraphServer(tmp_path / "oxigraph", {"webqsp": kb}, binary).start()
    try:
        rows = _eval(home, tmp_path / "oxigraph.jsonl", "--endpoint",
                     f"{server.url}?default-graph-uri={graph_iri('webqsp')}")
    finally:
        server.stop()
    assert rows == embedded and any(r["hits1"] for r in rows)

"""Real SPARQL servers for tests: an Oxigraph server and a private Virtuoso instance, each on free
127.0.0.1 ports, each dataset in its own named graph ``urn:kgsparql:test:<dataset>``, stopped by PID."""
from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Callable

import pyoxigraph

from kgsparql.config import DEFAULT_BASE_IRI
from kgsparql.loading.convert import TripleConverter
from reaper import stop_pid, watch

__all__ = ["graph_iri", "free_port", "prepare_datasets", "OxigraphServer", "VirtuosoServer", "ServerError",
           "find_binary"]

GRAPH_PREFIX = "urn:kgsparql:test:"
RDF_SUFFIXES = {".ttl": pyoxigraph.RdfFormat.TURTLE, ".nt": pyoxigraph.RdfFormat.N_TRIPLES}
VIRTUOSO_INI = Path("/etc/virtuoso-opensource-7/virtuoso.ini")
NO_PROXY = urllib.request.build_opener(urllib.request.ProxyHandler({}))  # loopback never goes via a proxy


class ServerError(RuntimeError):
    """A test server could not be started, loaded or stopped."""


def graph_iri(dataset: str) -> str:
    return GRAPH_PREFIX + dataset


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_until(ready: Callable[[], bool], timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not ready():
        if time.monotonic() > deadline:
            raise ServerError(f"{what}: not ready after {timeout:g} s")
        time.sleep(0.05)


def pid_alive(pid: int) -> bool:
    """True while ``pid`` is one of our processes (another user's process is never ours to stop)."""
    try:
        os.kill(pid, 0)
    except (ProcessLookupError, PermissionError):
        return False
    return True


def prepare_datasets(src: Path, dest: Path) -> dict[str, Path]:
    """Write every dataset in ``src`` as N-Triples into ``dest``: ``.ttl``/``.nt`` through pyoxigraph,
    MetaQA ``.txt`` through TripleConverter with the default base IRI. Returns {dataset: nt file}."""
    dest.mkdir(parents=True, exist_ok=True)
    out = {}
    for path in sorted(src.iterdir()):
        target = dest / f"{path.stem}.nt"
        if path.suffix in RDF_SUFFIXES:
            quads = pyoxigraph.parse(path=str(path), format=RDF_SUFFIXES[path.suffix], base_iri=DEFAULT_BASE_IRI)
            pyoxigraph.serialize((q.triple for q in quads), output=str(target), format=pyoxigraph.RdfFormat.N_TRIPLES)
        elif path.suffix == ".txt":
            with open(path, encoding="utf-8") as fh:
                target.write_text("".join(TripleConverter(DEFAULT_BASE_IRI).convert(fh, "|", str(path))), "utf-8")
        else:
            continue
        out[path.stem] = target
    return out


def _stop_pid(pid: int | None, grace: float) -> None:
    if pid is None or not pid_alive(pid):
        return
    stop_pid(pid, grace)


class OxigraphServer:
    """``oxigraph serve --location DIR --bind 127.0.0.1:PORT`` over a store loaded with ``oxigraph load``."""

    def __init__(self, workdir: Path, datasets: dict[str, Path], binary: str | None = None):
        self.workdir, self.datasets = Path(workdir), datasets
        self.binary = binary or find_binary("oxigraph") or "oxigraph"
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}/query"
        self.process: subprocess.Popen | None = None

    @property
    def pid(self) -> int | None:
        return self.process.pid if self.process else None

    def start(self, timeout: float = 30.0) -> "OxigraphServer":
        store = self.workdir / "store"
        store.mkdir(parents=True, exist_ok=True)
        for dataset, nt in self.datasets.items():
            self._run("load", "--location", str(store), "--file", str(nt), "--graph", graph_iri(dataset))
        log = open(self.workdir / "oxigraph.log", "wb")
        self.process = subprocess.Popen([self.binary, "serve", "--location", str(store),
                                         "--bind", f"127.0.0.1:{self.port}"], stdout=log, stderr=log)
        watch(self.process.pid)
        log.close()
        try:
            wait_until(self._ready, timeout, f"oxigraph on port {self.port}")
        except BaseException:
            self.stop()
            raise
        return self

    def _run(self, *args: str) -> None:
        done = subprocess.run([self.binary, *args], capture_output=True, text=True)
        if done.returncode != 0:
            raise ServerError(f"oxigraph {args[0]} failed: {done.stderr.strip()[-500:]}")

    def _ready(self) -> bool:
        if self.process.poll() is not None:
            log = (self.workdir / "oxigraph.log").read_text(errors="replace")[-500:]
            raise ServerError(f"oxigraph exited with {self.process.returncode}: {log}")
        try:
            with NO_PROXY.open(f"{self.url}?query=ASK%7B%7D", timeout=1):
                return True
        except (urllib.error.URLError, OSError):
            return False

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()  # SIGTERM to our own child, by its PID
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
            self.process = None

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()


class VirtuosoServer:
    """A private Virtuoso: own directory and ini, SQL and HTTP ports on 127.0.0.1, bulk-loaded, dba/dba."""

    def __init__(self, workdir: Path, datasets: dict[str, Path], binary: str = "virtuoso-t",
                 isql: str = "isql-vt"):
        self.workdir, self.datasets = Path(workdir), datasets
        self.binary, self.isql_binary = binary, isql
        self.sql_port, self.http_port = free_port(), free_port()
        while self.http_port == self.sql_port:
            self.http_port = free_port()
        self.url = f"http://127.0.0.1:{self.http_port}/sparql"
        self.pid: int | None = None
        self.load_dirs = sorted({str(p.parent.resolve()) for p in datasets.values()})

    def start(self, timeout: float = 120.0) -> "VirtuosoServer":
        (self.workdir / "db").mkdir(parents=True, exist_ok=True)
        ini = self.workdir / "virtuoso.ini"
        ini.write_text(self._ini(VIRTUOSO_INI.read_text()))
        watch(self.workdir / "db" / "virtuoso.lck")  # the daemon's PID, once it has one
        with open(self.workdir / "virtuoso-t.out", "wb") as out:  # a file, not a pipe: the daemon keeps it
            try:
                code = subprocess.run([self.binary, "+wait", "+configfile", str(ini)], cwd=self.workdir,
                                      stdin=subprocess.DEVNULL, stdout=out, stderr=out, timeout=timeout).returncode
            except subprocess.TimeoutExpired:
                code = f"not online after {timeout:g} s"
        self.pid = self._read_pid()
        if code != 0 or self.pid is None:
            self.stop()
            raise ServerError(f"virtuoso-t failed ({code}): {self._log_tail()}")
        try:
            self._load()
        except BaseException:
            self.stop()
            raise
        return self

    def _ini(self, text: str) -> str:
        text = text.replace("/var/lib/virtuoso-opensource-7/db/", f"{self.workdir}/db/")
        section, out = None, []
        for line in text.splitlines():
            if m := re.match(r"\s*\[(.+)\]", line):
                section = m.group(1)
            if re.match(r"\s*ServerPort\s*=", line) and section in ("Parameters", "HTTPServer"):
                line = f"ServerPort = 127.0.0.1:{self.sql_port if section == 'Parameters' else self.http_port}"
            elif re.match(r"\s*DirsAllowed\s*=", line):
                line = "DirsAllowed = ., /usr/share/virtuoso-opensource-7/vad, " + ", ".join(self.load_dirs)
            out.append(line)
        return "\n".join(out) + "\n"

    def _load(self) -> None:
        calls = [f"ld_dir('{p.parent.resolve()}', '{p.name}', '{graph_iri(d)}');" for d, p in self.datasets.items()]
        self.isql(" ".join(calls) + " rdf_loader_run(); checkpoint;")
        bad = self.isql("SELECT ll_file, ll_error FROM DB.DBA.load_list WHERE ll_state <> 2 OR ll_error IS NOT NULL;")
        if "0 Rows." not in bad:
            raise ServerError(f"virtuoso bulk load failed: {' '.join(bad.split())[-800:]}")

    def isql(self, sql: str, timeout: float = 120.0) -> str:
        done = subprocess.run([self.isql_binary, f"127.0.0.1:{self.sql_port}", "dba", "dba", f"exec={sql}"],
                              capture_output=True, text=True, timeout=timeout)
        if done.returncode != 0 or "*** Error" in done.stdout + done.stderr:
            raise ServerError(f"isql failed: {' '.join((done.stdout + done.stderr).split())[-800:]}")
        return done.stdout

    def _read_pid(self) -> int | None:
        lck = self.workdir / "db" / "virtuoso.lck"
        m = re.search(r"VIRT_PID=(\d+)", lck.read_text()) if lck.exists() else None
        return int(m.group(1)) if m else None

    def _log_tail(self) -> str:
        log = self.workdir / "db" / "virtuoso.log"
        return " | ".join(log.read_text(errors="replace").splitlines()[-8:]) if log.exists() else "(no log)"

    def stop(self, grace: float = 15.0) -> None:
        """``isql -K`` (clean shutdown), then SIGTERM / SIGKILL to the PID read at start. Idempotent."""
        pid, self.pid = self.pid, None
        if pid is None or not pid_alive(pid):
            return
        try:
            subprocess.run([self.isql_binary, f"127.0.0.1:{self.sql_port}", "dba", "dba", "-K"],
                           capture_output=True, timeout=grace)
        except subprocess.TimeoutExpired:
            pass
        deadline = time.monotonic() + grace
        while pid_alive(pid) and time.monotonic() < deadline:
            time.sleep(0.1)
        _stop_pid(pid, grace=5)

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()


def find_binary(name: str) -> str | None:
    """``name`` on PATH, else next to this interpreter (the venv's ``bin/``, where pip puts ``oxigraph``)."""
    beside = Path(sys.executable).parent / name
    return shutil.which(name) or (str(beside) if os.access(beside, os.X_OK) else None)

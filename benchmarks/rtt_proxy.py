"""A loopback HTTP proxy that makes a local SPARQL server look remote: every request waits ``rtt``
seconds before it is forwarded (one network round trip), and with ``connect_rtt`` every new client
connection waits that long once more (a TCP handshake). Requests on one connection run in order;
connections run in parallel, as over a real network.

    python benchmarks/rtt_proxy.py --store ~/.cache/kgsparql/stores/metaqa --rtt 50
    # prints the proxied query URL; ctrl-C stops it

``OxigraphReadOnly`` serves a copy of a store with ``oxigraph serve-read-only`` on a free port."""
from __future__ import annotations

import argparse
import http.client
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

__all__ = ["RttProxy", "OxigraphReadOnly"]

_HOP_BY_HOP = {"connection", "keep-alive", "transfer-encoding", "proxy-connection", "upgrade", "te"}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class OxigraphReadOnly:
    """``oxigraph serve-read-only`` over a private copy of ``store`` (never the original, which a
    ``kgsparql eval`` may be writing), on 127.0.0.1; stopped by its own PID."""

    def __init__(self, store: str | Path, binary: str | None = None):
        self.source = Path(store).expanduser()
        beside = Path(sys.executable).parent / "oxigraph"
        self.binary = binary or shutil.which("oxigraph") or str(beside)
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}/query"
        self._tmp = self.process = None

    def __enter__(self) -> "OxigraphReadOnly":
        self._tmp = tempfile.TemporaryDirectory(prefix="kgsparql-rtt-")
        copy = Path(self._tmp.name) / "store"
        shutil.copytree(self.source, copy, ignore=shutil.ignore_patterns("LOCK"))
        self.process = subprocess.Popen([self.binary, "serve-read-only", "--location", str(copy),
                                         "--bind", f"127.0.0.1:{self.port}"],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(f"{self.url}?query=ASK%7B%7D", timeout=1).close()
                return self
            except OSError:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    self.__exit__()
                    raise RuntimeError(f"oxigraph serve-read-only on {self.source} did not start")
                time.sleep(0.1)

    def __exit__(self, *exc) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(timeout=10)
            self.process = None
        if self._tmp is not None:
            self._tmp.cleanup()
            self._tmp = None


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"      # keep-alive: a client may send many requests on one connection
    disable_nagle_algorithm = True     # headers and body go out at once (no delayed-ACK stall on reuse)

    def setup(self) -> None:
        super().setup()
        self.server.count("connections")
        time.sleep(self.server.connect_rtt)
        self._upstream = None

    def log_message(self, *args) -> None:
        pass

    def _forward(self) -> None:
        srv = self.server
        srv.count("requests")
        body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        time.sleep(srv.rtt)
        headers = {k: v for k, v in self.headers.items() if k.lower() not in _HOP_BY_HOP | {"host"}}
        path = srv.upstream.path + self.path[len(srv.path):] if self.path.startswith(srv.path) else self.path
        for fresh in (self._upstream is None, True):
            if fresh:
                if self._upstream is not None:
                    self._upstream.close()
                self._upstream = http.client.HTTPConnection(srv.upstream.hostname, srv.upstream.port, timeout=600)
            try:
                self._upstream.request(self.command, path, body or None, headers)
                resp = self._upstream.getresponse()
                break
            except (http.client.RemoteDisconnected, ConnectionError):
                if fresh:
                    raise               # a new connection failed too: the server is gone
        data = resp.read()
        self.send_response(resp.status, resp.reason)
        for k, v in resp.getheaders():
            if k.lower() not in _HOP_BY_HOP | {"content-length"}:
                self.send_header(k, v)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    do_GET = do_POST = _forward

    def finish(self) -> None:
        if self._upstream is not None:
            self._upstream.close()
        super().finish()


class RttProxy:
    """``with RttProxy(upstream_url, rtt=0.05) as proxy: proxy.url`` -> the same endpoint, ``rtt``
    seconds further away. ``stats`` counts requests and connections seen."""

    def __init__(self, upstream: str, rtt: float, connect_rtt: float = 0.0):
        parts = urllib.parse.urlsplit(upstream)
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
        self.server.daemon_threads = True
        self.server.upstream, self.server.path = parts, parts.path
        self.server.rtt, self.server.connect_rtt = float(rtt), float(connect_rtt)
        self.server.stats, lock = {"requests": 0, "connections": 0}, threading.Lock()

        def count(name: str) -> None:
            with lock:
                self.server.stats[name] += 1
        self.server.count = count
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}{parts.path}"
        self._thread = None

    @property
    def stats(self) -> dict:
        return dict(self.server.stats)

    def __enter__(self) -> "RttProxy":
        self._thread = threading.Thread(target=self.server.serve_forever, daemon=True, name="rtt-proxy")
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.server.shutdown()
        self.server.server_close()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--store", default="~/.cache/kgsparql/stores/metaqa", help="Oxigraph store to serve")
    ap.add_argument("--upstream", default=None, help="proxy this endpoint URL instead of serving --store")
    ap.add_argument("--rtt", type=float, default=50, help="milliseconds added to every request")
    ap.add_argument("--connect-rtt", type=float, default=0, help="milliseconds added to every new connection")
    args = ap.parse_args()
    server = None if args.upstream else OxigraphReadOnly(args.store).__enter__()
    try:
        with RttProxy(args.upstream or server.url, args.rtt / 1000, args.connect_rtt / 1000) as proxy:
            print(proxy.url, flush=True)
            threading.Event().wait()
    except KeyboardInterrupt:
        pass
    finally:
        if server is not None:
            server.__exit__()


if __name__ == "__main__":
    main()

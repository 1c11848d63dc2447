"""A scripted loopback HTTP server for fault tests (127.0.0.1 only): replies in order, the last one
repeating, every request recorded. A reply can be slow (``delay``), lie about its length
(``content_length``) or trickle its body one byte every ``trickle`` seconds; ``respond`` computes a
reply from the request instead (a server that ignores paging filters, one whose data changes)."""
from __future__ import annotations

import contextlib
import json
import threading
import time
import urllib.parse
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Callable, Iterator

__all__ = ["Reply", "FaultServer", "serving", "ROWS"]

ROWS = {"head": {"vars": ["s"]}, "results": {"bindings": [{"s": {"type": "uri", "value": "http://x/a"}},
                                                           {"s": {"type": "uri", "value": "http://x/b"}}]}}


@dataclass
class Reply:
    status: int = 200
    body: bytes | dict = field(default_factory=lambda: ROWS)
    headers: dict = field(default_factory=dict)
    delay: float = 0.0
    content_length: int | None = None  # lie about the length to cut the body short
    trickle: float = 0.0               # seconds between body bytes (0: all at once)


class FaultServer(ThreadingHTTPServer):
    """Answers from ``script`` in order (the last reply repeats), or from ``respond(query)``."""

    daemon_threads = True
    block_on_close = False

    def __init__(self):
        super().__init__(("127.0.0.1", 0), Handler)
        self.script: list[Reply] = [Reply()]
        self.respond: Callable[[str], Reply] | None = None
        self.requests: list[dict] = []
        self.url = f"http://127.0.0.1:{self.server_address[1]}/sparql"
        self.stopping = threading.Event()

    def next_reply(self, query: str) -> Reply:
        if self.respond is not None:
            return self.respond(query)
        return self.script.pop(0) if len(self.script) > 1 else self.script[0]

    def handle_error(self, request, client_address) -> None:  # clients that gave up: not our concern
        pass


class Handler(BaseHTTPRequestHandler):
    def do_GET(self):
        self._answer(urllib.parse.urlsplit(self.path).query)

    def do_POST(self):
        self._answer(self.rfile.read(int(self.headers.get("Content-Length", 0))).decode())

    def _answer(self, params: str) -> None:
        parsed = urllib.parse.parse_qs(params)
        self.server.requests.append({"method": self.command, "params": parsed,
                                     "headers": dict(self.headers), "time": time.monotonic()})
        reply = self.server.next_reply((parsed.get("query") or [""])[0])
        time.sleep(reply.delay)
        body = json.dumps(reply.body).encode() if isinstance(reply.body, dict) else reply.body
        self.send_response(reply.status)
        headers = {"Content-Type": "application/sparql-results+json", **reply.headers}
        for k, v in headers.items():
            self.send_header(k, v)
        self.send_header("Content-Length", str(reply.content_length or len(body)))
        self.end_headers()
        if not reply.trickle:
            self.wfile.write(body)
            return
        for i in range(len(body)):
            if self.server.stopping.wait(reply.trickle):
                return
            self.wfile.write(body[i:i + 1])
            self.wfile.flush()

    def log_message(self, *args) -> None:
        pass


@contextlib.contextmanager
def serving(handler=None, **attributes) -> Iterator[FaultServer]:
    """A FaultServer on a loopback port, in a daemon thread, for the ``with`` block; ``handler``
    replaces its request handler class and ``attributes`` are set on it before it starts."""
    srv = FaultServer()
    if handler is not None:
        srv.RequestHandlerClass = handler
    for name, value in attributes.items():
        setattr(srv, name, value)
    thread = threading.Thread(target=srv.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True)
    thread.start()
    try:
        yield srv
    finally:
        srv.stopping.set()
        srv.shutdown()
        srv.server_close()

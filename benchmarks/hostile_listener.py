"""A loopback HTTP listener for the hostile cases: records every request, and answers by path like a
SPARQL endpoint would (rows, rows under other variable names, a boolean, an HTML page)."""
from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

__all__ = ["Listener", "REPLIES"]


def _rows(var: str) -> bytes:
    return json.dumps({"head": {"vars": [var]}, "results": {"bindings": [
        {var: {"type": "literal", "value": "fetched by the store"}}]}}).encode()


REPLIES = {
    "/rows": ("application/sparql-results+json", _rows("a")),
    "/othervars": ("application/sparql-results+json", _rows("zz")),
    "/boolean": ("application/sparql-results+json", b'{"head": {}, "boolean": true}'),
    "/html": ("text/html", b"<html><body>Welcome</body></html>"),
    "/badterms": ("application/sparql-results+json", json.dumps({"head": {"vars": ["e", "label"]}, "results": {
        "bindings": [{"e": {"type": "literal", "value": "x"}, "label": {"type": "uri", "value": "http://x/"}}]}})
        .encode()),
}


class _Handler(BaseHTTPRequestHandler):
    def do_GET(self):
        self._answer()

    def do_POST(self):
        self.rfile.read(int(self.headers.get("Content-Length", 0) or 0))
        self._answer()

    def _answer(self) -> None:
        path = self.path.split("?", 1)[0]
        self.server.requests.append({"path": path, "authorization": self.headers.get("Authorization")})
        ctype, body = REPLIES.get(path.rstrip("/") or "/rows", REPLIES["/rows"])
        self.send_response(200)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args) -> None:
        pass


class Listener:
    """``with Listener() as ln:`` serves on ``ln.url`` (``http://127.0.0.1:PORT``) until the block ends."""

    def __init__(self):
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
        self.server.daemon_threads = True
        self.server.requests = []
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)

    @property
    def requests(self) -> list[dict]:
        return self.server.requests

    def reset(self) -> None:
        self.server.requests.clear()

    def __enter__(self) -> "Listener":
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.server.shutdown()
        self.server.server_close()

"""What a browser could be tricked into sending to a server on loopback: a request whose ``Host``
is a name the server does not answer to (DNS rebinding: an outside site's name resolved to
127.0.0.1) is refused with 403, and so is a cross-site POST (an ``Origin`` other than the server's
own). curl and other programs send no ``Origin`` and a loopback ``Host``, and are unaffected."""
from __future__ import annotations

import json
import urllib.parse
from typing import Collection

__all__ = ["LOOPBACK_NAMES", "HostGuard", "allowed_hosts"]

LOOPBACK_NAMES = ("localhost", "127.0.0.1", "::1")
_SAFE_METHODS = ("GET", "HEAD", "OPTIONS")


def allowed_hosts(bind_loopback: bool, extra: Collection[str] = ()) -> frozenset[str] | None:
    """The ``Host`` names to answer: the loopback names (and ``extra``) when bound to loopback; when
    bound elsewhere, ``extra`` if given, else any name (None)."""
    names = {h.strip().lower().strip("[]") for h in extra if h.strip()}
    if bind_loopback:
        return frozenset(names | set(LOOPBACK_NAMES))
    return frozenset(names) if names else None


def _hostname(value: str) -> str | None:
    try:
        return urllib.parse.urlsplit("//" + value).hostname
    except ValueError:
        return None


class HostGuard:
    """ASGI middleware: 403 with a JSON error for a foreign ``Host`` or a cross-site POST."""

    def __init__(self, app, hosts: frozenset[str] | None):
        self.app, self.hosts = app, hosts

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] == "http":
            refusal = self._refusal(scope)
            if refusal:
                return await _send_json(send, 403, {"error": refusal})
        await self.app(scope, receive, send)

    def _refusal(self, scope) -> str:
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        host = headers.get("host", "")
        name = _hostname(host)
        if self.hosts is not None and name not in self.hosts:
            return (f"this server answers to {', '.join(sorted(self.hosts))} only, not {name or host!r} "
                    "(kgsparql serve --allow-host NAME adds a name)")
        origin = headers.get("origin")
        if origin is not None and scope["method"] not in _SAFE_METHODS and urllib.parse.urlsplit(origin).netloc != host:
            return "cross-site request refused: the Origin is not this server"
        return ""


async def _send_json(send, status: int, body: dict) -> None:
    data = json.dumps(body).encode("utf-8")
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(data)).encode())]})
    await send({"type": "http.response.body", "body": data})

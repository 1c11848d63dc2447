"""``kgsparql serve``: the JSON API and the single page over one KG, with the models loaded once and
shared by concurrent requests (docs/serve.md). Needs the ``serve`` extra (Starlette + uvicorn)."""
from __future__ import annotations

from .hosts import allowed_hosts
from .service import Service

LOOPBACK = allowed_hosts(bind_loopback=True)

__all__ = ["Service", "create_app", "allowed_hosts", "LOOPBACK"]


def create_app(service: Service, concurrency: int = 4, hosts: frozenset[str] | None = LOOPBACK):
    """The ASGI application (Starlette) answering for ``service``, at most ``concurrency`` calls at
    once, to the ``Host`` names ``hosts`` (None: any); Starlette is imported on first use so that
    ``kgsparql`` without the ``serve`` extra imports."""
    from .app import create_app as build

    return build(service, concurrency, hosts)

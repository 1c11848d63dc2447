"""``kgsparql serve``: the JSON API and the single page over one KG, with the models loaded once and
shared by concurrent requests (docs/serve.md). Needs the ``serve`` extra (Starlette + uvicorn)."""
from __future__ import annotations

from .service import Service

__all__ = ["Service", "create_app"]


def create_app(service: Service, concurrency: int = 4):
    """The ASGI application (Starlette) answering for ``service``, at most ``concurrency`` calls at
    once; Starlette is imported on first use so that ``kgsparql`` without the ``serve`` extra imports."""
    from .app import create_app as build

    return build(service, concurrency)

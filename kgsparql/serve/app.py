"""The Starlette application of ``kgsparql serve``: routes, status codes, JSON errors, the page.

Blocking work (a question, a claim, a query) runs in worker threads, at most ``concurrency`` at once,
all sharing the ``Service``'s KG and models."""
from __future__ import annotations

from .. import strict_json
from importlib import resources

import anyio
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from ..errors import (EndpointError, EndpointTimeout, InputError, KGSparqlError, LLMError, LLMTimeout, PluginError,
                      QueryRejected, ReadOnlyViolation)
from .body import BadRequest, parse_fields, read_body
from .hosts import HostGuard, allowed_hosts
from .service import Service

__all__ = ["create_app", "status_of"]

LOOPBACK_HOSTS = allowed_hosts(bind_loopback=True)
_PAGE_FILES = {"page.js": "text/javascript", "page.css": "text/css"}
_HEADERS = {"X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer",
            "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'"}


class JSON(JSONResponse):
    """Strict JSON, as the CLI writes it (no NaN/Infinity; a lone surrogate escaped)."""

    def render(self, content) -> bytes:
        return strict_json.dumps(content).encode("utf-8")


def status_of(exc: KGSparqlError) -> int:
    """400 for what the caller sent, 504/502 for a KG or model that did not answer, 500 otherwise."""
    if isinstance(exc, BadRequest):
        return exc.status
    if isinstance(exc, (InputError, PluginError, QueryRejected, ReadOnlyViolation)):
        return 400
    if isinstance(exc, (EndpointTimeout, LLMTimeout)):
        return 504
    return 502 if isinstance(exc, (EndpointError, LLMError)) else 500


def create_app(service: Service, concurrency: int = 4, hosts: frozenset[str] | None = LOOPBACK_HOSTS) -> Starlette:
    """``hosts``: the ``Host`` names answered (None: any; see ``kgsparql.serve.hosts``)."""
    limiter = anyio.CapacityLimiter(concurrency)

    async def answer(request: Request, required: str, optional: tuple[str, ...], run) -> Response:
        try:
            fields = parse_fields(await read_body(request), required, optional)
            return JSON(await anyio.to_thread.run_sync(lambda: run(fields), limiter=limiter))
        except KGSparqlError as exc:
            return JSON({"error": str(exc)}, status_code=status_of(exc))
        except Exception as exc:  # noqa: BLE001 - one JSON line for a bug too, never a traceback page
            first = (str(exc).splitlines() or [""])[0]
            return JSON({"error": f"internal error: {type(exc).__name__}: {first}"}, status_code=500)

    def ask(f):
        return service.ask(f["question"], f["method"], f["id"])

    def verify(f):
        return service.verify(f["claim"], f["id"])

    async def v1_ask(request):
        return await answer(request, "question", ("method", "id"), ask)

    async def v1_verify(request):
        return await answer(request, "claim", ("id",), verify)

    async def v1_sparql(request):
        return await answer(request, "query", (), lambda f: service.sparql(f["query"]))

    async def page_ask(request):
        return await answer(request, "question", ("method", "id"), lambda f: service.watched(lambda: ask(f)))

    async def page_verify(request):
        return await answer(request, "claim", ("id",), lambda f: service.watched(lambda: verify(f)))

    async def healthz(request):
        return JSON(service.health())

    async def page(request):
        return Response(_page_file("index.html"), media_type="text/html; charset=utf-8", headers=_HEADERS)

    async def page_asset(request):
        name = request.path_params["name"]
        if name not in _PAGE_FILES:
            raise HTTPException(404)
        return Response(_page_file(name), media_type=_PAGE_FILES[name] + "; charset=utf-8", headers=_HEADERS)

    async def http_error(request, exc: HTTPException):
        return JSON({"error": exc.detail.lower() if isinstance(exc.detail, str) else "error"},
                    status_code=exc.status_code, headers=getattr(exc, "headers", None))

    routes = [Route("/v1/ask", v1_ask, methods=["POST"]), Route("/v1/verify", v1_verify, methods=["POST"]),
              Route("/v1/sparql", v1_sparql, methods=["POST"]), Route("/healthz", healthz, methods=["GET"]),
              Route("/page/ask", page_ask, methods=["POST"]), Route("/page/verify", page_verify, methods=["POST"]),
              Route("/", page, methods=["GET"]), Route("/static/{name}", page_asset, methods=["GET"])]
    return Starlette(routes=routes, exception_handlers={HTTPException: http_error},
                     middleware=[Middleware(HostGuard, hosts=hosts)])


def _page_file(name: str) -> bytes:
    return resources.files("kgsparql.serve").joinpath("page", name).read_bytes()

"""The one place where third-party exceptions become ``KGSparqlError``s with a one-line message.

Backends wrap their calls in ``with translated("what we were doing"):``. Anything already a
``KGSparqlError`` passes through untouched."""
from __future__ import annotations

import ast
import http.client
import json
import re
import socket
import sqlite3
import urllib.error
from contextlib import contextmanager
from typing import Iterator

from . import errors as E

__all__ = ["translated", "translate"]

# Virtuoso answers HTTP 500 for errors in the query itself (SQLSTATE 22xxx data, 37000 syntax, 42xxx)
_VIRTUOSO_QUERY_ERROR = re.compile(r"^: Virtuoso (22\w{3}|37000|42\w{3}) Error")


def _http_error(exc: urllib.error.HTTPError, what: str) -> E.KGSparqlError:
    code = exc.code
    if code == 429:
        return E.RateLimited(f"{what}: rate limited (HTTP 429)")
    if code == 503 and exc.headers and exc.headers.get("Retry-After"):
        return E.RateLimited(f"{what}: rate limited (HTTP 503 with Retry-After)")
    if code in (502, 503, 504):
        return E.EndpointUnavailable(f"{what}: service unavailable (HTTP {code})")
    if code >= 500:
        return E.EndpointUnavailable(f"{what}: server error (HTTP {code})")
    if code in (401, 403):
        return E.EndpointUnavailable(f"{what}: access denied (HTTP {code})")
    if code == 404:
        return E.EndpointUnavailable(f"{what}: not found (HTTP 404): is the URL a SPARQL endpoint?")
    return E.QueryRejected(f"{what}: the endpoint refused the query (HTTP {code})")


def _server_says(exc: BaseException) -> str:
    """The first line of the response body SPARQLWrapper kept in its exception (``Response:\\nb'...'``)."""
    _, sep, tail = str(exc).partition("Response:\n")
    if not sep:
        return ""
    try:
        body = ast.literal_eval(tail.strip())
    except (ValueError, SyntaxError):
        return ""
    text = body.decode("utf-8", "replace") if isinstance(body, bytes) else str(body)
    line = next((ln.strip() for ln in text.splitlines() if ln.strip()), "")
    return f": {line[:200]}" if line else ""


def translate(exc: BaseException, what: str) -> E.KGSparqlError:
    if isinstance(exc, E.KGSparqlError):
        return exc
    mod = type(exc).__module__ or ""
    name = type(exc).__name__
    if mod.startswith("SPARQLWrapper"):
        if name in ("QueryBadFormed",):
            return E.QueryRejected(f"{what}: the endpoint says the query is malformed (HTTP 400){_server_says(exc)}")
        if name == "EndPointInternalError":
            says = _server_says(exc)
            if _VIRTUOSO_QUERY_ERROR.match(says):  # a runtime error in the query, not a server fault
                return E.QueryRejected(f"{what}: the endpoint could not run the query (HTTP 500){says}")
            return E.EndpointUnavailable(f"{what}: server error (HTTP 500){says}")
        if name in ("EndPointNotFound",):
            return E.EndpointUnavailable(f"{what}: endpoint not found (HTTP 404)")
        if name in ("Unauthorized",):
            return E.EndpointUnavailable(f"{what}: access denied")
        if name == "URITooLong":
            return E.QueryRejected(f"{what}: the query is too long for the endpoint")
        return E.EndpointUnavailable(f"{what}: {name}")
    if isinstance(exc, sqlite3.Error):
        msg = str(exc).splitlines()[0] if str(exc) else name
        return E.CacheError(f"{what}: {msg} (delete the file, or run `kgsparql cache clear`)"
                            if isinstance(exc, sqlite3.DatabaseError) and "not a database" in msg
                            else f"{what}: {msg}")
    if isinstance(exc, urllib.error.HTTPError):
        return _http_error(exc, what)
    if isinstance(exc, (TimeoutError, socket.timeout)):
        return E.EndpointTimeout(f"{what}: timed out")
    if isinstance(exc, urllib.error.URLError):
        reason = exc.reason
        if isinstance(reason, (TimeoutError, socket.timeout)):
            return E.EndpointTimeout(f"{what}: timed out")
        return E.EndpointUnavailable(f"{what}: cannot connect ({reason})")
    if isinstance(exc, http.client.IncompleteRead):
        return E.MalformedResponse(f"{what}: the response was cut off ({len(exc.partial)} bytes read)")
    if isinstance(exc, (ConnectionError, socket.gaierror)):
        return E.EndpointUnavailable(f"{what}: cannot connect ({exc})")
    if isinstance(exc, http.client.HTTPException):
        return E.EndpointUnavailable(f"{what}: bad HTTP response ({name})")
    if isinstance(exc, (json.JSONDecodeError, UnicodeDecodeError)):
        return E.MalformedResponse(f"{what}: the response is not valid SPARQL JSON (truncated or not JSON)")
    if isinstance(exc, SyntaxError) and mod == "builtins" and what.startswith("query"):
        return E.QueryRejected(f"{what}: invalid SPARQL: {str(exc).splitlines()[0] if str(exc) else name}")
    if isinstance(exc, OSError):
        msg = str(exc).splitlines()[0] if str(exc) else name
        if "lock" in msg.lower():
            msg = "the store is locked by another process (an `oxigraph serve` on it?)"
        return E.EndpointUnavailable(f"{what}: {msg}")
    return E.KGSparqlError(f"{what}: {name}: {str(exc).splitlines()[0] if str(exc) else ''}")


@contextmanager
def translated(what: str) -> Iterator[None]:
    try:
        yield
    except E.KGSparqlError:
        raise
    except Exception as exc:  # noqa: BLE001 - this is the translation point
        raise translate(exc, what) from exc

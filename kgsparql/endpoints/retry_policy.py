"""When ``HttpEndpoint`` sends a failed query again, how long it waits first, and the one-line error
it gives up with.

Retried: HTTP 429/500/502/503/504 and connection errors, after ``backoff`` doubling up to
``max_backoff``, or after ``Retry-After`` when the endpoint sends one. With ``obey_retry_after``
(the public endpoint presets) a query is never sent sooner than asked: a ``Retry-After`` over
``max_backoff``, or a 429 without one, ends the call at once. Never retried: other 4xx, timeouts,
and a query the endpoint stopped at its own time limit (it would stop there again)."""
from __future__ import annotations

import email.utils
import json
import time
import urllib.error
from dataclasses import dataclass

from SPARQLWrapper.SPARQLExceptions import EndPointInternalError

from ..error_mapping import translate
from ..errors import EndpointTimeout, KGSparqlError, QueryRejected, RateLimited

__all__ = ["RetryPolicy", "parse_retry_after", "time_limit_hit"]

_RETRY_STATUS = {429, 500, 502, 503, 504}


def parse_retry_after(value: str | None) -> float | None:
    """Seconds to wait from a ``Retry-After`` header (delay seconds or an HTTP date); None if absent."""
    value = (value or "").strip()
    if not value:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError, IndexError):
        return None
    return max(0.0, when.timestamp() - time.time())


def time_limit_hit(exc: BaseException) -> str:
    """What the endpoint said when it stopped a query at its own time limit, else "": a 500 naming a
    ``TimeoutException`` (Blazegraph, WDQS), or a 429 whose JSON body says it timed out (QLever:
    ``{"status": "ERROR", "exception": "Operation timed out ..."}``)."""
    if isinstance(exc, EndPointInternalError) and "TimeoutException" in str(exc):
        return "java.util.concurrent.TimeoutException"
    if not isinstance(exc, urllib.error.HTTPError) or exc.code != 429 or exc.headers.get("Retry-After"):
        return ""
    try:
        body = json.loads(exc.read(65536).decode("utf-8"))
    except (OSError, ValueError, UnicodeDecodeError):
        return ""
    said = body.get("exception") if isinstance(body, dict) else None
    return " ".join(said.split())[:200] if isinstance(said, str) and "timed out" in said.lower() else ""


def _status(exc: BaseException) -> int | None:
    if isinstance(exc, urllib.error.HTTPError):
        return exc.code
    return 500 if isinstance(exc, EndPointInternalError) else None


def _is_connection_error(exc: BaseException) -> bool:
    if isinstance(exc, urllib.error.URLError):
        return not isinstance(exc.reason, TimeoutError)
    return isinstance(exc, ConnectionError)


@dataclass(frozen=True)
class RetryPolicy:
    backoff: float = 0.5
    max_backoff: float = 30.0
    obey_retry_after: bool = False

    def delay(self, exc: BaseException, attempt: int) -> float | None:
        """Seconds to wait before attempt ``attempt + 1``, or None: do not send the query again."""
        status = _status(exc)
        if status is None and not _is_connection_error(exc):
            return None
        if status not in _RETRY_STATUS | {None} or isinstance(translate(exc, ""), QueryRejected):
            return None
        hint = parse_retry_after(exc.headers.get("Retry-After")) if status in (429, 503) else None
        too_soon = (hint is not None and hint > self.max_backoff) or (status == 429 and hint is None)
        if self.obey_retry_after and too_soon:
            return None      # never sooner than asked (a 429 unasked: not soon at all); fail and say so
        if hint is not None:
            return min(self.max_backoff, hint)
        return min(self.max_backoff, self.backoff * 2 ** attempt)

    @staticmethod
    def failure(exc: BaseException, what: str, attempts: int, timeout: float) -> KGSparqlError:
        """The one-line error for a call given up after ``attempts`` attempts."""
        err = translate(exc, what)
        if isinstance(err, EndpointTimeout):
            return EndpointTimeout(f"{what}: no answer within {timeout:g} s")
        headers = getattr(exc, "headers", None) if isinstance(err, RateLimited) else None
        hint = parse_retry_after(headers.get("Retry-After")) if headers is not None else None
        asked = f"; the endpoint asks to wait {hint:.0f} s before the next query (Retry-After)" if hint else ""
        return type(err)(f"{err}{asked}; gave up after {attempts} attempts") if attempts > 1 or asked else err

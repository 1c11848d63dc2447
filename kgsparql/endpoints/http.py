"""A SPARQL 1.1 protocol endpoint over HTTP(S), on SPARQLWrapper: GET (POST for long queries), JSON
results, reused connections (``keepalive``), a per-call timeout, at most ``max_in_flight`` queries
at once from all threads (when set), and bounded retries (``retry_policy``: exponential backoff,
``Retry-After`` honoured). Every failure leaves as a ``KGSparqlError`` made by ``kgsparql.error_mapping``."""
from __future__ import annotations

import socket
import threading
import time
import urllib.error
import urllib.parse
from dataclasses import dataclass

from ..config import DEFAULT_USER_AGENT
from ..errors import EndpointTimeout, MalformedResponse
from .base import BaseEndpoint, EndpointContext, Rows
from .cache import ResultCache
from .http_target import check_graph, check_limits, query_request, split_url, user_agent_header
from .deadline import check_timeout, read_body, run_until, socket_of
from .keepalive import KeepAliveOpener
from .retry_policy import RetryPolicy, parse_retry_after, time_limit_hit
from .sparql_results import decode_results, server_cut, term_from_sparql_json

__all__ = ["HttpEndpoint", "DEFAULT_USER_AGENT", "term_from_sparql_json", "parse_retry_after"]


class HttpEndpoint(BaseEndpoint):
    """Any SPARQL 1.1 endpoint over HTTP(S) (Oxigraph server, Virtuoso, Wikidata, DBpedia, ...)."""

    name = "http"

    @dataclass(frozen=True)
    class Options:
        post_threshold: int = 2000      # URL-encoded query length above which POST is used
        backoff: float = 0.5            # first retry delay (doubles each time)
        max_backoff: float = 30.0       # cap on one delay, Retry-After included
        concurrency: int = 4            # independent queries sent at once (1: one at a time)
        obey_retry_after: bool = False  # a Retry-After over max_backoff: give up rather than retry sooner
        max_in_flight: int = 0          # queries in flight at once from all threads together (0: no cap)

    def __init__(self, ctx: EndpointContext):
        opts, s = ctx.options or self.Options(), ctx.settings
        self._setup(ctx.location or "", timeout=s.timeout, max_rows=s.max_rows, retries=s.retries,
                    user_agent=user_agent_header(s.user_agent, s.contact), cache=ctx.cache, default_graph=s.default_graph,
                    allow_service=s.allow_service, login=(s.endpoint_user, s.endpoint_password),
                    post_threshold=opts.post_threshold, backoff=opts.backoff, max_backoff=opts.max_backoff,
                    concurrency=opts.concurrency, obey_retry_after=opts.obey_retry_after,
                    max_in_flight=opts.max_in_flight)

    def _setup(self, url: str, *, timeout: float = 30.0, max_rows: int = 100_000, retries: int = 3,
               user_agent: str = DEFAULT_USER_AGENT, cache: ResultCache | None = None,
               default_graph: str | None = None, post_threshold: int = 2000, backoff: float = 0.5,
               max_backoff: float = 30.0, allow_service: bool = False, concurrency: int = 4,
               obey_retry_after: bool = False, max_in_flight: int = 0,
               login: tuple[str | None, str | None] = (None, None)):
        timeout = check_timeout(timeout)
        check_limits(max_rows=max_rows, retries=retries, post_threshold=post_threshold, backoff=backoff,
                     max_backoff=max_backoff, concurrency=concurrency, max_in_flight=max_in_flight)
        self.concurrency = int(concurrency)
        self._in_flight = threading.BoundedSemaphore(int(max_in_flight)) if max_in_flight else None
        self._opener = KeepAliveOpener(max_idle=2 * self.concurrency)
        self._base_init(timeout=timeout, max_rows=int(max_rows), cache=cache, allow_service=allow_service)
        self.url, params, in_url = split_url(url)
        self.login = in_url or (login if login[0] is not None else None)
        graphs = [v for k, v in params if k == "default-graph-uri"]
        self.default_graph = check_graph(default_graph or (graphs[0] if graphs else None))
        self.params = [(k, v) for k, v in params if k not in ("default-graph-uri", "query")]
        self.user_agent = user_agent_header(user_agent)
        self.retries, self.post_threshold = int(retries), int(post_threshold)
        self.policy = RetryPolicy(float(backoff), float(max_backoff), bool(obey_retry_after))
        self.params += [("default-graph-uri", self.default_graph)] if self.default_graph else []
        self.name = f"http:{self.url}" + (f"?{urllib.parse.urlencode(self.params)}" if self.params else "")

    def close(self) -> None:
        self._opener.close()
        super().close()

    # -- BaseEndpoint hooks ---------------------------------------------------------------------
    def _select(self, text: str, timeout: float, max_rows: int) -> Rows:
        data, capped = self._request(text, timeout)
        what = f"query on {self.url}"
        try:
            variables = list(data.get("head", {}).get("vars", []))
            bindings = data["results"]["bindings"]
            rows = [{k: term_from_sparql_json(v) for k, v in b.items()} for b in bindings[:max_rows]]
        except (KeyError, TypeError, ValueError, AttributeError):
            raise MalformedResponse(f"{what}: the JSON response has malformed bindings") from None
        return Rows(rows, variables, truncated=capped or len(bindings) > max_rows)

    def _ask(self, text: str, timeout: float) -> bool:
        data, _ = self._request(text, timeout)
        answer = data.get("boolean")
        if isinstance(answer, str) and answer.lower() in ("true", "false"):
            return answer.lower() == "true"
        if not isinstance(answer, bool):
            raise MalformedResponse(f"query on {self.url}: the response has no boolean ASK result")
        return answer

    # -- one call, with retries -------------------------------------------------------------------
    def _request(self, text: str, timeout: float) -> tuple[dict, bool]:
        """One call, retries and their waits included, ends by ``timeout`` seconds from now; with
        ``max_in_flight`` it first waits (within the same deadline) for a free slot."""
        deadline = time.monotonic() + timeout
        if self._in_flight is None:
            return self._request_by(text, deadline, timeout)
        if not self._in_flight.acquire(timeout=timeout):
            raise EndpointTimeout(f"query on {self.url}: no free slot within {timeout:g} s (max_in_flight)")
        try:
            return self._request_by(text, deadline, timeout)
        finally:
            self._in_flight.release()

    def _request_by(self, text: str, deadline: float, timeout: float) -> tuple[dict, bool]:
        what = f"query on {self.url}"
        for attempt in range(self.retries + 1):
            try:
                return self._attempt(text, deadline, what)
            except Exception as exc:  # noqa: BLE001 - classified, then translated below
                limit = time_limit_hit(exc)
                if limit:   # the endpoint's own time limit (QLever answers 429): the same query would hit it again
                    raise EndpointTimeout(f"{what}: the endpoint stopped the query at its time limit: {limit}") from exc
                delay = self.policy.delay(exc, attempt) if attempt < self.retries else None
                if delay is not None and time.monotonic() + delay >= deadline:
                    delay = None  # no time left for another attempt
                if isinstance(exc, urllib.error.HTTPError):
                    exc.close()
                if delay is None:
                    raise self.policy.failure(exc, what, attempt + 1, timeout) from exc
                time.sleep(delay)
        raise AssertionError("unreachable")  # pragma: no cover

    def _attempt(self, text: str, deadline: float, what: str) -> tuple[dict, bool]:
        """One request in a worker thread; headers and body must all arrive before ``deadline``."""
        opened: list = []

        def work():
            result = self._wrapper(text, max(0.01, deadline - time.monotonic())).query()
            with result.response as response:
                opened.append(response)
                body = read_body(response, deadline)
                getattr(response, "release", lambda: None)()     # read to the end: the connection is reusable
                return response.headers, body

        def abandon():  # wake the worker out of its read
            sock = socket_of(opened[0]) if opened else None
            if sock is not None:
                sock.shutdown(socket.SHUT_RDWR)

        headers, body = run_until(work, deadline, abandon)
        return decode_results(body, headers.get("Content-Type", ""), what), server_cut(headers)

    def _wrapper(self, text: str, timeout: float):
        return query_request(self.url, text, timeout, opener=self._opener, agent=self.user_agent,
                             login=self.login, params=self.params, post_threshold=self.post_threshold)

"""Reused HTTP connections for ``HttpEndpoint``: urllib opens (and closes) one connection per request,
which over a real network costs a TCP (and TLS) handshake, one or more round trips, before every
query. ``KeepAliveOpener`` keeps finished connections in a small pool, per host, and sends the next
request on one of them; queries in flight together each take their own.

A connection goes back to the pool only after its response was read to the end (``release``), so an
abandoned or failed call never leaves a half-read connection behind. A pooled connection the server
has closed in the meantime fails on first use: the request is sent once more on a fresh connection
(a SPARQL query is read-only, so resending it is safe)."""
from __future__ import annotations

import http.client
import threading
import urllib.error
import urllib.request

from SPARQLWrapper import SPARQLWrapper
from SPARQLWrapper.SPARQLExceptions import (EndPointInternalError, EndPointNotFound, QueryBadFormed, Unauthorized,
                                            URITooLong)

__all__ = ["KeepAliveOpener", "PooledWrapper"]

_STALE = (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError, ConnectionAbortedError)


class _Pool:
    def __init__(self, max_idle: int):
        self.max_idle, self._idle, self._lock = max_idle, {}, threading.Lock()

    def take(self, key):
        with self._lock:
            idle = self._idle.get(key)
            return idle.pop() if idle else None

    def give(self, key, conn) -> None:
        with self._lock:
            idle = self._idle.setdefault(key, [])
            if len(idle) < self.max_idle:
                idle.append(conn)
                return
        conn.close()

    def close(self) -> None:
        with self._lock:
            conns, self._idle = [c for cs in self._idle.values() for c in cs], {}
        for conn in conns:
            conn.close()


class _PooledHandler:
    """The part of urllib's ``do_open`` that matters here, without its ``Connection: close``."""

    def __init__(self, pool: _Pool, **kwargs):
        super().__init__(**kwargs)
        self.pool = pool

    def _pooled_open(self, http_class, req, **conn_args):
        if not req.host:
            raise urllib.error.URLError("no host given")
        key = (http_class.__name__, req.host, req._tunnel_host)
        headers = {**{k: v for k, v in req.headers.items()}, **dict(req.unredirected_hdrs)}
        headers = {name.title(): value for name, value in headers.items()}
        for reuse in (True, False):
            conn = self.pool.take(key) if reuse else None
            if conn is None:
                reuse = False
                conn = http_class(req.host, timeout=req.timeout, **conn_args)
                if req._tunnel_host:
                    conn.set_tunnel(req._tunnel_host, headers={})
            else:
                conn.timeout = req.timeout
                if conn.sock is not None:
                    conn.sock.settimeout(req.timeout)
            try:
                try:
                    conn.request(req.get_method(), req.selector, req.data, headers)
                except _STALE:
                    raise
                except OSError as err:
                    raise urllib.error.URLError(err) from err
                response = conn.getresponse()
            except _STALE:
                conn.close()
                if reuse:
                    continue        # the server closed the idle connection: once more, afresh
                raise
            except BaseException:
                conn.close()
                raise
            response.url, response.msg = req.get_full_url(), response.reason
            response.release = lambda c=conn, r=response: self._release(key, c, r)
            return response
        raise AssertionError("unreachable")  # pragma: no cover

    def _release(self, key, conn, response) -> None:
        done = response.isclosed() or response.length == 0     # chunked: closed at its end; else length 0
        if done and not response.will_close:
            response.close()                                    # lets the connection send its next request
            self.pool.give(key, conn)
        else:
            conn.close()


class _HTTP(_PooledHandler, urllib.request.HTTPHandler):
    def http_open(self, req):
        return self._pooled_open(http.client.HTTPConnection, req)


class _HTTPS(_PooledHandler, urllib.request.HTTPSHandler):
    def https_open(self, req):
        return self._pooled_open(http.client.HTTPSConnection, req, context=self._context)


class KeepAliveOpener:
    """``open(request, timeout)`` like ``urllib.request.urlopen``, on pooled connections."""

    def __init__(self, max_idle: int = 8):
        self.pool = _Pool(max_idle)
        self._opener = urllib.request.build_opener(_HTTP(self.pool), _HTTPS(self.pool))

    def open(self, request, timeout: float):
        return self._opener.open(request, timeout=timeout)

    def close(self) -> None:
        self.pool.close()


class PooledWrapper(SPARQLWrapper):
    """SPARQLWrapper (request building, result formats, its HTTP error classes) sending through a
    ``KeepAliveOpener``; ``sw.opener`` must be set before ``query()``."""

    opener: KeepAliveOpener

    def _query(self):
        request = self._createRequest()
        try:
            return self.opener.open(request, self.timeout), self.returnFormat
        except urllib.error.HTTPError as e:      # the same classes SPARQLWrapper raises
            errors = {400: QueryBadFormed, 404: EndPointNotFound, 401: Unauthorized, 414: URITooLong,
                      500: EndPointInternalError}
            if e.code in errors:
                raise errors[e.code](e.read()) from e
            raise

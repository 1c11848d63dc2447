"""Embedded Oxigraph (pyoxigraph.Store): the default endpoint, on disk or in memory."""
from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

import pyoxigraph

from ..errors import EndpointTimeout, EndpointUnavailable
from ..error_mapping import translated
from ..types import XSD, IRI, BlankNode, Literal, Term
from .base import BaseEndpoint, EndpointContext, Rows
from .cache import ResultCache
from .deadline import run_until
from .memory_names import memory_name

__all__ = ["EmbeddedEndpoint", "from_oxigraph"]

_PLAIN = {XSD + "string", "http://www.w3.org/1999/02/22-rdf-syntax-ns#langString"}


def from_oxigraph(t) -> Term:
    if isinstance(t, pyoxigraph.NamedNode):
        return IRI(t.value)
    if isinstance(t, pyoxigraph.Literal):
        dt = t.datatype.value
        return Literal(t.value, None if dt in _PLAIN else dt, t.language)
    return BlankNode(t.value)


class EmbeddedEndpoint(BaseEndpoint):
    """Queries a pyoxigraph store. ``path=None`` is an in-memory store (mostly for tests).

    The store is opened read-only by default, so a running ``oxigraph serve-read-only`` on the
    same directory is fine. Every call ends by its timeout: the query runs in a worker thread
    (pyoxigraph releases the GIL) that checks the deadline between rows; pyoxigraph cannot interrupt
    a query that aggregates everything before its first row, so that one finishes in the abandoned
    thread while the caller has long got its ``EndpointTimeout`` (docs/reliability.md).
    """

    name = "embedded"

    @dataclass(frozen=True)
    class Options:
        read_only: bool = True      # open the store read-only (writes are refused by the guard anyway)

    def __init__(self, ctx: EndpointContext):
        opts, s = ctx.options or self.Options(), ctx.settings
        self._setup(ctx.location, read_only=opts.read_only, store=ctx.store, timeout=s.timeout,
                    max_rows=s.max_rows, cache=ctx.cache, allow_service=s.allow_service)

    def _setup(self, path: str | Path | None = None, *, read_only: bool = True, store=None,
               timeout: float = 30.0, max_rows: int = 100_000, cache: ResultCache | None = None,
               allow_service: bool = False):
        self._base_init(timeout=timeout, max_rows=max_rows, cache=cache, allow_service=allow_service)
        self.path = Path(path) if path is not None else None
        if store is not None:
            self.store = store
        elif self.path is None:
            self.store = pyoxigraph.Store()
        else:
            if not (self.path / "CURRENT").exists() and read_only:
                raise EndpointUnavailable(f"no Oxigraph store at {self.path} (create one with `kgsparql load`)")
            with translated(f"opening store {self.path}"):
                self.store = pyoxigraph.Store.read_only(str(self.path)) if read_only else pyoxigraph.Store(str(self.path))
        self.name = f"embedded:{self.path.resolve()}" if self.path else memory_name(self.store, self)

    def _select(self, text: str, timeout: float, max_rows: int) -> Rows:
        store, deadline = self.store, time.monotonic() + timeout

        def work() -> Rows:
            solutions = sol = None
            try:
                with translated("query on the embedded store"):
                    solutions = store.query(text)
                    variables = [v.value for v in solutions.variables]
                    rows, truncated = [], False
                    for i, sol in enumerate(solutions):  # lazily: the deadline is checked between rows
                        if i >= max_rows:
                            truncated = True
                            break
                        if time.monotonic() > deadline:
                            raise TimeoutError
                        rows.append({v: from_oxigraph(sol[v]) for v in variables if sol[v] is not None})
                return Rows(rows, variables, truncated)
            finally:  # pyoxigraph's results must be dropped by the thread that made them
                solutions = sol = None

        return self._in_time(work, deadline, timeout)

    def _ask(self, text: str, timeout: float) -> bool:
        store = self.store

        def work() -> bool:
            with translated("query on the embedded store"):
                return bool(store.query(text))

        return self._in_time(work, time.monotonic() + timeout, timeout)

    @staticmethod
    def _in_time(work, deadline: float, timeout: float):
        try:
            return run_until(work, deadline)
        except (TimeoutError, EndpointTimeout):
            raise EndpointTimeout(f"query on the embedded store: timed out after {timeout:g} s") from None

    def count_triples(self) -> int:
        return len(self.store)

    def close(self) -> None:
        super().close()
        self.store = None

"""The Endpoint protocol and the shared front half of every endpoint: read-only guard, value
binding, result cache, row cap and accounting. Subclasses only run text against a store."""
from __future__ import annotations

import dataclasses
import time
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from ..config import Settings
from ..errors import ConfigError, QueryRejected
from ..plugin_options import parse_options
from ..registry import PluginContext
from ..sparql import Bindings, bind_checked
from ..stats import record_query
from .cache import ResultCache, active_memo, bypassed
from .call_memo import MISSING, recall, remember
from .deadline import check_timeout
from .rows import Row, Rows

__all__ = ["Endpoint", "BaseEndpoint", "EndpointContext", "Rows", "Row"]
_SETTING_NAMES = frozenset(f.name for f in dataclasses.fields(Settings))

@dataclass(frozen=True, kw_only=True)
class EndpointContext(PluginContext):
    """An endpoint's context: where the data is (a store directory or a URL), the result cache to
    use (None: none), and for an in-memory embedded store the open ``pyoxigraph.Store``. The generic
    settings (``timeout``, ``max_rows``, ``retries``, ``user_agent``, ``default_graph``) come from
    ``settings``; ``options`` from the endpoint's ``[<kind>s.<name>]`` table."""

    location: str | None = None
    cache: ResultCache | None = None
    store: Any = None


@runtime_checkable
class Endpoint(Protocol):
    """Where SPARQL runs. Implementations never modify data."""

    name: str

    def select(self, query: str, bindings: Bindings | None = None, *, timeout: float | None = None) -> Rows: ...

    def ask(self, query: str, bindings: Bindings | None = None, *, timeout: float | None = None) -> bool: ...

    def close(self) -> None: ...


class BaseEndpoint:
    """Shared logic; subclasses implement ``_select(text, timeout, max_rows)`` and ``_ask(text, timeout)``."""

    name = "endpoint"
    Options = None

    @classmethod
    def open(cls, location: str | None = None, *, settings: Settings | None = None,
             cache: ResultCache | None = None, store: Any = None, **values: Any):
        """Built by hand: ``HttpEndpoint.open(url, retries=1)``, ``EmbeddedEndpoint.open(store=s)``.
        ``values`` are settings (``timeout``, ``retries``, ...) or the endpoint's own options."""
        settings = (settings or Settings()).replace(**{k: v for k, v in values.items() if k in _SETTING_NAMES})
        own = {k: v for k, v in values.items() if k not in _SETTING_NAMES}
        options = parse_options(cls.Options, own, f"{cls.__name__}.open")
        return cls(EndpointContext(name=cls.name, settings=settings, options=options, location=location,
                                   cache=cache, store=store))

    allow_service = False
    concurrency = 1       # queries a caller may have in flight at once (kgsparql.parallel.gather)

    def _base_init(self, *, timeout: float = 30.0, max_rows: int = 100_000, cache: ResultCache | None = None,
                   allow_service: bool = False):
        if max_rows < 1:
            raise ConfigError("max_rows must be at least 1")
        self.timeout = check_timeout(timeout)
        self.max_rows = max_rows
        self.cache = cache
        self.allow_service = bool(allow_service)

    # -- public API ---------------------------------------------------------------------------
    def select(self, query: str, bindings: Bindings | None = None, *, timeout: float | None = None) -> Rows:
        text = self._prepare(query, bindings, expect=("SELECT",))
        timeout = self.timeout if timeout is None else check_timeout(timeout)
        return self._cached(text, lambda: self._select(text, timeout, self.max_rows))

    def ask(self, query: str, bindings: Bindings | None = None, *, timeout: float | None = None) -> bool:
        text = self._prepare(query, bindings, expect=("ASK",))
        timeout = self.timeout if timeout is None else check_timeout(timeout)
        return self._cached(text, lambda: self._ask(text, timeout))

    def close(self) -> None:
        if self.cache is not None:
            self.cache.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # -- helpers ------------------------------------------------------------------------------
    def _prepare(self, query: str, bindings: Bindings | None, expect: tuple[str, ...]) -> str:
        text, kind = bind_checked(query, bindings, allow_service=self.allow_service)
        if kind not in expect:
            raise QueryRejected(f"expected a {' or '.join(expect)} query, got {kind}")
        return text

    def _cached(self, text: str, run):
        mem = active_memo()
        hit = recall(mem, self.name, text) if mem is not None else MISSING
        if hit is not MISSING:
            record_query(0.0, cached=True, text=text)
            return hit
        result = self._from_cache(text, run)
        if mem is not None:
            remember(mem, self.name, text, result)
        return result

    def _from_cache(self, text: str, run):
        cache = None if bypassed() else self.cache
        if cache is not None:
            hit = cache.get(self.name, text)
            if hit is not None:
                record_query(0.0, cached=True, text=text)
                return hit
        t0 = time.perf_counter()
        result = run()
        record_query(time.perf_counter() - t0, text=text)
        if cache is not None and not getattr(result, "truncated", False):
            cache.put(self.name, text, result)
        return result

    def _select(self, text: str, timeout: float, max_rows: int) -> Rows:  # pragma: no cover
        raise NotImplementedError

    def _ask(self, text: str, timeout: float) -> bool:  # pragma: no cover
        raise NotImplementedError

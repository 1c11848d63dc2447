"""``KnowledgeGraph``: one endpoint plus the adapter that knows its schema, built from ``Settings``.
With neither a store nor an endpoint configured, the bundled demo KG is built (once) and used."""
from __future__ import annotations

import urllib.parse
from importlib import resources
from pathlib import Path

from .adapters.base import AdapterContext
from .config import Settings
from .endpoints.base import Endpoint, EndpointContext
from .endpoints.cache import ResultCache, uncached
from .errors import ConfigError
from .loaded_models import Models
from .registry import available, create

__all__ = ["KnowledgeGraph", "demo_store_path", "ensure_demo_store", "endpoint_choice", "results_path", "uncached"]


def demo_store_path(settings: Settings) -> Path:
    return settings.home_path / "demo-store"


def ensure_demo_store(settings: Settings) -> Path:
    """Build the demo store from the packaged MetaQA subset unless it is already there."""
    path = demo_store_path(settings)
    if not (path / ".kgsparql-demo-ok").exists():
        from .loading import load_files

        with resources.as_file(resources.files("kgsparql.data").joinpath("demo_kb.txt.gz")) as src:
            load_files([src], path, "metaqa", settings.base_iri)
        (path / ".kgsparql-demo-ok").write_text("ok\n")
    return path


def endpoint_choice(settings: Settings) -> tuple[str, str]:
    """(registered endpoint name, location) for these settings; the demo store when nothing is set."""
    if settings.endpoint:
        try:
            scheme = urllib.parse.urlsplit(settings.endpoint).scheme.lower()
        except ValueError as exc:                 # "http://[::1": an unclosed IPv6 host
            raise ConfigError(f"endpoint {settings.endpoint!r} is not a valid URL ({exc})") from None
        kind = settings.endpoint_kind or scheme
        if kind not in available("endpoint"):
            raise ConfigError(f"no endpoint plugin for {settings.endpoint!r}: the URL scheme {scheme!r} is not a "
                              f"registered endpoint ({', '.join(available('endpoint'))}); pass --endpoint-kind")
        return kind, settings.endpoint
    store = settings.store or str(ensure_demo_store(settings))
    return settings.endpoint_kind or "embedded", store


def results_path(settings: Settings) -> Path:
    """The result cache file under the settings' home."""
    return settings.home_path / "results.sqlite"


def _cache_for(settings: Settings) -> ResultCache | None:
    """The result cache: ``auto`` caches HTTP endpoints only, ``on`` every endpoint, ``off`` none."""
    remote = bool(settings.endpoint)
    if settings.cache == "on" or (settings.cache == "auto" and remote):
        return ResultCache(results_path(settings), ttl=settings.cache_ttl)
    return None


class KnowledgeGraph:
    """One endpoint plus the adapter that knows its schema. Built from settings by ``from_settings``:
    the endpoint plugin is ``settings.endpoint_kind``, else the one registered under the URL's scheme
    (``http``, ``https``), else ``embedded`` for a store directory; the adapter is ``settings.adapter``."""

    def __init__(self, endpoint: Endpoint, adapter, settings: Settings | None = None):
        self.endpoint = endpoint
        self.adapter = adapter
        self.settings = settings or Settings()

    @classmethod
    def from_settings(cls, settings: Settings, models: Models | None = None) -> "KnowledgeGraph":
        kind, location = endpoint_choice(settings)
        endpoint = create("endpoint", kind, settings, context=EndpointContext, models=models,
                          location=location, cache=_cache_for(settings))
        try:
            adapter = create("adapter", settings.adapter, settings, context=AdapterContext, models=models,
                             endpoint=endpoint)
        except Exception:
            endpoint.close()
            raise
        return cls(endpoint, adapter, settings)

    @property
    def source_id(self) -> str:
        """Identifies the data behind this KG (for on-disk indexes and caches)."""
        return getattr(self.endpoint, "name", "endpoint")

    def close(self) -> None:
        self.endpoint.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.close()

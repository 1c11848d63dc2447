"""``KnowledgeGraph``: one endpoint plus the adapter that knows its schema, built from ``Settings``.
With neither a store nor an endpoint configured, the bundled demo KG is built (once) and used."""
from __future__ import annotations

from importlib import resources
from pathlib import Path

from .config import Settings
from .endpoints.base import Endpoint
from .endpoints.cache import ResultCache
from .errors import ConfigError
from .registry import load_plugin

__all__ = ["KnowledgeGraph", "demo_store_path", "ensure_demo_store"]


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


class KnowledgeGraph:
    def __init__(self, endpoint: Endpoint, adapter, settings: Settings | None = None):
        self.endpoint = endpoint
        self.adapter = adapter
        self.settings = settings or Settings()

    @classmethod
    def from_settings(cls, settings: Settings) -> "KnowledgeGraph":
        cache = None
        if settings.endpoint:
            if settings.cache in ("auto", "on"):
                cache = ResultCache(settings.home_path / "results.sqlite")
            endpoint = load_plugin("endpoint", "http")(
                settings.endpoint, timeout=settings.timeout, max_rows=settings.max_rows,
                retries=settings.retries, user_agent=settings.user_agent, cache=cache,
                default_graph=settings.default_graph)
        else:
            store = Path(settings.store) if settings.store else ensure_demo_store(settings)
            if settings.cache == "on":
                cache = ResultCache(settings.home_path / "results.sqlite")
            endpoint = load_plugin("endpoint", "embedded")(
                store, timeout=settings.timeout, max_rows=settings.max_rows, cache=cache)
        adapter_cls = load_plugin("adapter", settings.adapter)
        if not callable(adapter_cls):
            raise ConfigError(f"adapter {settings.adapter!r} is not a class")
        return cls(endpoint, adapter_cls(endpoint), settings)

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

"""``Models``: what is costly to load (a sentence encoder, a GGUF model, a label index, a small
classifier) loaded once and shared by everything built from one context.

There are no hidden module-level caches: an ``Asker`` (or ``build_method``) owns a ``Models`` and
hands it to every plugin it builds. Two askers share models by being given the same one
(``Asker(settings, models=models)``), which is what ``kgsparql eval`` does across KBs::

    models = Models()
    encoder = models.load(("minilm", path), lambda: Encoder(path))   # loaded on the first call only
"""
from __future__ import annotations

import threading
from typing import Any, Callable, Hashable, TypeVar

__all__ = ["Models"]

T = TypeVar("T")


class Models:
    """A thread-safe map from a key (what identifies the resource) to the loaded resource."""

    def __init__(self) -> None:
        self._items: dict[Hashable, Any] = {}
        self._loading: dict[Hashable, threading.Lock] = {}
        self._lock = threading.Lock()

    def load(self, key: Hashable, loader: Callable[[], T]) -> T:
        """The resource under ``key``, calling ``loader()`` once (other threads asking meanwhile wait)."""
        with self._lock:
            if key in self._items:
                return self._items[key]
            gate = self._loading.setdefault(key, threading.Lock())
        with gate:
            with self._lock:
                if key in self._items:
                    return self._items[key]
            value = loader()
            with self._lock:
                self._items[key] = value
                self._loading.pop(key, None)
            return value

    def peek(self, key: Hashable) -> Any | None:
        """The resource if it is loaded, else None (nothing is loaded)."""
        with self._lock:
            return self._items.get(key)

    def forget(self, key: Hashable) -> None:
        with self._lock:
            self._items.pop(key, None)

    def keys(self) -> list[Hashable]:
        with self._lock:
            return list(self._items)

    def close(self) -> None:
        """Close every resource that has ``close()`` (a llama.cpp model frees its memory) and forget all."""
        with self._lock:
            items, self._items = list(self._items.values()), {}
        for item in items:
            close = getattr(item, "close", None)
            if callable(close):
                close()

    def __len__(self) -> int:
        return len(self._items)

    def __repr__(self) -> str:
        return f"Models({len(self)} loaded)"

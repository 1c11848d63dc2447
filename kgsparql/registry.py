"""Plugin discovery through entry points. Built-ins are registered in pyproject.toml under the same
groups third parties use; nothing is imported until a plugin is asked for by name."""
from __future__ import annotations

from functools import lru_cache
from importlib.metadata import EntryPoint, entry_points

from .errors import PluginError

__all__ = ["GROUPS", "available", "load_plugin"]

GROUPS = {
    "endpoint": "kgsparql.endpoints",
    "adapter": "kgsparql.adapters",
    "ranker": "kgsparql.rankers",
    "llm": "kgsparql.llms",
    "method": "kgsparql.methods",
}


@lru_cache(maxsize=None)
def _entry_points(group: str) -> dict[str, EntryPoint]:
    return {ep.name: ep for ep in entry_points(group=group)}


def available(kind: str) -> list[str]:
    """Names registered for a plugin kind (``endpoint``, ``adapter``, ``ranker``, ``llm``, ``method``)."""
    return sorted(_entry_points(GROUPS[kind]))


def load_plugin(kind: str, name: str):
    """The class (or factory) registered as ``name`` for ``kind``."""
    eps = _entry_points(GROUPS[kind])
    if name not in eps:
        known = ", ".join(sorted(eps)) or "none: is kgsparql installed (pip install -e .)?"
        raise PluginError(f"unknown {kind} {name!r} (available: {known})")
    try:
        return eps[name].load()
    except Exception as exc:  # noqa: BLE001 - a broken plugin must not crash with a traceback
        raise PluginError(f"{kind} {name!r} failed to load: {type(exc).__name__}: {exc}") from exc

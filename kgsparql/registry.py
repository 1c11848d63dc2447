"""Plugin discovery through entry points, and the one way every plugin is constructed.

Built-ins are registered in pyproject.toml under the same groups third parties use; nothing is
imported until a plugin is asked for by name. Every plugin kind is constructed the same way::

    plugin = cls(ctx)        # ctx: a PluginContext (or the kind's subclass of it)

where ``ctx.options`` is the plugin's ``Options`` dataclass filled from ``[plugins.<name>]`` by
``kgsparql.plugin_options.parse_options`` (so an unknown or ill-typed key is one clear error), and the
kind's context carries what the plugin stands on (an endpoint's location, an adapter's endpoint, a
method's adapter, linker, rankers and LLM). ``create`` does exactly that.

Two more groups name folders of files rather than classes: ``kgsparql.queries`` (``.rq``
templates of an adapter) and ``kgsparql.prompts`` (prompt files and parsers of a method); an entry
``name = "package:folder"`` says that folder ``name`` is ``folder`` inside ``package``."""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from importlib.metadata import EntryPoint, entry_points
from typing import Any

from .config import Settings
from .errors import ConfigError, PluginError
from .loaded_models import Models
from .plugin_options import parse_options

__all__ = ["GROUPS", "FOLDER_GROUPS", "PluginContext", "available", "load_plugin", "create", "folder",
           "describe", "check_plugin_tables", "COMPONENTS"]

GROUPS = {
    "endpoint": "kgsparql.endpoints",
    "adapter": "kgsparql.adapters",
    "ranker": "kgsparql.rankers",
    "llm": "kgsparql.llms",
    "method": "kgsparql.methods",
    "scorer": "kgsparql.scorers",
    "verifier": "kgsparql.verifiers",
}
FOLDER_GROUPS = {"queries": "kgsparql.queries", "prompts": "kgsparql.prompts"}
COMPONENTS = ("linking", "abstention")   # [plugins.*] tables of built-in parts that are not plugins


@dataclass(frozen=True, kw_only=True)
class PluginContext:
    """What a plugin is constructed with. Kinds add fields in their own subclass."""

    name: str                                   # the name it was asked for by
    settings: Settings = field(default_factory=Settings)
    options: Any = None                         # its Options instance (None: it declares none)
    models: Models = field(default_factory=Models)


@lru_cache(maxsize=None)
def _entry_points(group: str) -> dict[str, EntryPoint]:
    return {ep.name: ep for ep in entry_points(group=group)}


def available(kind: str) -> list[str]:
    """Names registered for a plugin kind (``endpoint``, ``adapter``, ``ranker``, ``llm``, ``method``,
    ``scorer``, ``verifier``)."""
    return sorted(_entry_points(GROUPS[kind]))


def load_plugin(kind: str, name: str):
    """The class registered as ``name`` for ``kind``."""
    eps = _entry_points(GROUPS[kind])
    if name not in eps:
        known = ", ".join(sorted(eps)) or "none: is kgsparql installed (pip install -e .)?"
        raise PluginError(f"unknown {kind} {name!r} (available: {known})")
    try:
        return eps[name].load()
    except Exception as exc:  # noqa: BLE001 - a broken plugin must not crash with a traceback
        raise PluginError(f"{kind} {name!r} failed to load: {type(exc).__name__}: {exc}") from exc


def options_for(cls, settings: Settings, name: str):
    """``cls.Options`` filled from ``[plugins.<name>]`` (checked by ``parse_options``)."""
    return parse_options(getattr(cls, "Options", None), settings.plugin(name), f"[plugins.{name}]")


def create(kind: str, name: str, settings: Settings, *, context=PluginContext, models: Models | None = None,
           **needs: Any):
    """Construct plugin ``name`` of ``kind``: ``cls(context(name, settings, options, models, **needs))``."""
    cls = load_plugin(kind, name)
    if not callable(cls):
        raise PluginError(f"{kind} {name!r} is not a class")
    ctx = context(name=name, settings=settings, options=options_for(cls, settings, name),
                  models=models if models is not None else Models(), **needs)
    return cls(ctx)


def describe(kind: str, name: str) -> str:
    """The plugin's one-line description (its ``description`` attribute, else its docstring's first line)."""
    cls = load_plugin(kind, name)
    text = getattr(cls, "description", None) or (cls.__doc__ or "").strip()
    return " ".join(text.split("\n\n", 1)[0].split())


def folder(group: str, name: str):
    """The folder (a ``Traversable``) registered as ``name`` in ``kgsparql.queries`` / ``kgsparql.prompts``;
    without an entry, the built-in ``kgsparql.<group>/<name>``."""
    ep = _entry_points(FOLDER_GROUPS[group]).get(name)
    package, sub = (ep.module, ep.attr or name) if ep is not None else (f"kgsparql.{group}", name)
    try:
        return resources.files(package).joinpath(sub)
    except ModuleNotFoundError:
        raise PluginError(f"{group} folder {name!r}: package {package} is not installed") from None


def folder_module(group: str, name: str) -> str:
    """The importable module path of a folder that holds Python (a prompt folder's ``parsers``)."""
    ep = _entry_points(FOLDER_GROUPS[group]).get(name)
    return f"{ep.module}.{ep.attr or name}" if ep is not None else f"kgsparql.{group}.{name}"


def check_plugin_tables(settings: Settings) -> None:
    """Every ``[plugins.<name>]`` table must name a registered plugin or a built-in component."""
    known = set(COMPONENTS) | {n for kind in GROUPS for n in available(kind)}
    unknown = sorted(set(settings.plugins) - known)
    if unknown:
        raise ConfigError(f"unknown plugin table(s) {', '.join(f'[plugins.{n}]' for n in unknown)} "
                          f"(plugins: {', '.join(sorted(known))})")

"""Plugin discovery through entry points, and the one way every plugin is constructed.

Built-ins are registered in pyproject.toml under the same groups third parties use; nothing is
imported until a plugin is asked for by name. Every plugin kind is constructed the same way::

    plugin = cls(ctx)        # ctx: a PluginContext (or the kind's subclass of it)

where ``ctx.options`` is the plugin's ``Options`` dataclass filled from its table (``[methods.frag]``,
``[verifiers.refkg]``, ...; ``[plugins.<name>]`` where the name is unambiguous) by
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

from .config import TABLES, Settings
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


def option_table(kind: str, name: str, settings: Settings) -> tuple[Any, str]:
    """The options of plugin ``name`` of ``kind`` and the table they come from: ``[<kind>s.<name>]``,
    else ``[plugins.<name>]`` (``check_plugin_tables`` refuses it when the name is ambiguous)."""
    own = settings.table(kind, name)
    if own is None and name in settings.plugins:
        return settings.plugins[name], f"[plugins.{name}]"
    return own or {}, f"[{TABLES[kind]}.{name}]"


def options_for(cls, settings: Settings, kind: str, name: str):
    """``cls.Options`` filled from the plugin's table (checked by ``parse_options``)."""
    table, where = option_table(kind, name, settings)
    return parse_options(getattr(cls, "Options", None), table, where)


def create(kind: str, name: str, settings: Settings, *, context=PluginContext, models: Models | None = None,
           **needs: Any):
    """Construct plugin ``name`` of ``kind``: ``cls(context(name, settings, options, models, **needs))``."""
    cls = load_plugin(kind, name)
    if not callable(cls):
        raise PluginError(f"{kind} {name!r} is not a class")
    ctx = context(name=name, settings=settings, options=options_for(cls, settings, kind, name),
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
    """Every ``[<kind>s.<name>]`` table names a registered plugin of that kind; every ``[plugins.<name>]``
    table a built-in component or exactly one plugin, and not one that also has its own table."""
    for kind, section in TABLES.items():
        unknown = sorted(set(settings.tables.get(section, {})) - set(available(kind)))
        if unknown:
            raise ConfigError(f"unknown {kind} table(s) {', '.join(f'[{section}.{n}]' for n in unknown)} "
                              f"({section}: {', '.join(available(kind)) or 'none'})")
    for name in sorted(set(settings.plugins) - set(COMPONENTS)):
        kinds = [kind for kind in GROUPS if name in available(kind)]
        right = " or ".join(f"[{TABLES[k]}.{name}]" for k in kinds)
        if not kinds:
            known = sorted(set(COMPONENTS) | {n for kind in GROUPS for n in available(kind)})
            raise ConfigError(f"unknown plugin table [plugins.{name}] (plugins: {', '.join(known)})")
        if len(kinds) > 1:
            raise ConfigError(f"[plugins.{name}] is ambiguous ({name} is a {' and a '.join(kinds)}): "
                              f"write its options in {right}")
        if settings.table(kinds[0], name) is not None:
            raise ConfigError(f"[plugins.{name}] and {right} both set options of {name}: keep {right}")

"""The checks ``Settings`` runs once, at construction: its plugin tables frozen and well formed, a
``kg`` preset filled in where nothing was given, and every setting of the type its field says."""
from __future__ import annotations

import os
from dataclasses import fields
from types import MappingProxyType
from typing import Any, Mapping

from .errors import ConfigError
from .presets import preset_values

__all__ = ["frozen_tables", "apply_preset", "check_types"]


def frozen_tables(tables: Any, where: str) -> Mapping[str, Mapping[str, Any]]:
    """``[WHERE.NAME]`` tables, read-only; anything else under ``WHERE`` is a ConfigError."""
    if not isinstance(tables, Mapping):
        raise ConfigError(f"{where} must be a table of [{where}.NAME] tables, not {tables!r}")
    for name, table in tables.items():
        if not isinstance(table, Mapping):
            raise ConfigError(f"{where}.{name} must be a table of options ([{where}.{name}]), not {table!r}")
    return MappingProxyType({str(k): MappingProxyType(dict(v)) for k, v in tables.items()})


def apply_preset(settings) -> None:
    """``Settings.load`` fills in a ``kg`` preset where no setting was given (flag, file, env); built
    directly, ``Settings(kg=...)`` without an endpoint gets the preset's values where the setting is
    still the default. Once the endpoint is set (``replace``), nothing is filled in again."""
    if settings.contact is not None and (len(settings.contact) > 200 or not settings.contact.isprintable()
                                         or not settings.contact.strip()):
        raise ConfigError("contact must be one printable line of at most 200 characters (an e-mail or a URL)")
    if settings.kg is None or settings.endpoint:
        return
    if settings.store:
        raise ConfigError(f"kg {settings.kg!r} is a public endpoint; it cannot be combined with a store")
    given = {f.name: getattr(settings, f.name) for f in fields(settings)}
    explicit = {f.name for f in fields(settings) if f.name not in ("plugins", "tables") and given[f.name] != f.default}
    for name, value in preset_values(settings.kg, given, explicit).items():
        object.__setattr__(settings, name, value)


def check_types(settings) -> None:
    """A wrong type in a config file (``timeout = "abc"``) is a ConfigError naming the setting."""
    for f in fields(settings):
        value, want = getattr(settings, f.name), f.type
        if want == "float" and isinstance(value, int) and not isinstance(value, bool):
            object.__setattr__(settings, f.name, float(value))
            continue
        if want.startswith("str") and isinstance(value, os.PathLike):
            object.__setattr__(settings, f.name, os.fspath(value))
            continue
        kinds = {"int": (int,), "float": (float,), "str": (str,), "str | None": (str, type(None))}.get(want)
        if kinds and (not isinstance(value, kinds) or isinstance(value, bool)):
            expected = {"int": "a whole number", "float": "a number"}.get(want, "a string")
            raise ConfigError(f"{f.name} must be {expected}, not {value!r}")

"""Where settings come from besides flags: ``KGSPARQL_<FIELD>`` environment variables (typed by
the settings' fields) and the TOML config file (its path resolved as ``kgsparql.config`` describes)."""
from __future__ import annotations

import os
import tomllib
from pathlib import Path
from typing import Any, Mapping

from .errors import ConfigError

__all__ = ["values_from_env", "config_path", "values_from_file"]


def _coerce(name: str, typ: str, raw: str) -> Any:
    try:
        if typ == "int":
            return int(raw)
        if typ == "float":
            return float(raw)
        if typ == "bool":
            return {"1": True, "true": True, "yes": True, "0": False, "false": False, "no": False}[raw.lower()]
    except KeyError:
        raise ConfigError(f"KGSPARQL_{name.upper()} must be true or false, not {raw!r}") from None
    except ValueError:
        raise ConfigError(f"KGSPARQL_{name.upper()} must be a number, not {raw!r}") from None
    return raw


def values_from_env(env: Mapping[str, str], field_types: Mapping[str, str]) -> dict[str, Any]:
    """``KGSPARQL_<FIELD>`` variables that are set, as values of the fields' types (name -> type name)."""
    out = {}
    for name, typ in field_types.items():
        key = f"KGSPARQL_{name.upper()}"
        if env.get(key):
            out[name] = _coerce(name, typ, env[key])
    return out


def config_path(explicit: str | os.PathLike | None, env: Mapping[str, str]) -> Path | None:
    """``--config FILE``, else ``$KGSPARQL_CONFIG``, else ``./kgsparql.toml``, else
    ``~/.config/kgsparql/config.toml``; None when there is none."""
    if explicit:
        p = Path(explicit)
        if not p.is_file():
            raise ConfigError(f"config file not found: {p}")
        return p
    if env.get("KGSPARQL_CONFIG"):
        return config_path(env["KGSPARQL_CONFIG"], {})
    for candidate in (Path("kgsparql.toml"), Path.home() / ".config" / "kgsparql" / "config.toml"):
        if candidate.is_file():
            return candidate
    return None


def values_from_file(path: Path | None) -> dict[str, Any]:
    """The settings of a TOML config file (none for ``None``)."""
    if path is None:
        return {}
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise ConfigError(f"cannot read config file {path}: {exc}") from None
    return data

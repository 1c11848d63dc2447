"""Plugin options: the one place that checks a ``[<kind>s.<name>]`` table.

A plugin (or a component such as the entity linker) declares ``Options``, a frozen dataclass whose
fields are the keys it accepts, with their types and defaults; range checks go in its
``__post_init__`` and raise ``ConfigError``. ``parse_options`` turns a table into an instance:
unknown keys and values of the wrong type are one clear error each, naming the table::

    @dataclass(frozen=True)
    class Options:
        top_m: int = 3
        ranker: str = "fusion"

    parse_options(Options, {"top_m": "3"}, "[methods.frag]")
    # ConfigError: [methods.frag] top_m must be an integer, not '3'
"""
from __future__ import annotations

import dataclasses
import math
import types
import typing
from typing import Any, Literal, Mapping, get_args, get_origin, get_type_hints

from .errors import ConfigError

__all__ = ["parse_options", "option_fields", "describe_type"]


def option_fields(options_cls) -> dict[str, Any]:
    """``{name: type}`` of an Options dataclass (forward references resolved)."""
    hints = get_type_hints(options_cls)
    return {f.name: hints[f.name] for f in dataclasses.fields(options_cls) if f.init}


def parse_options(options_cls, table: Mapping[str, Any] | None, where: str):
    """An ``options_cls`` instance from ``table``; ``options_cls=None`` accepts only an empty table."""
    table = dict(table or {})
    if options_cls is None:
        if table:
            raise ConfigError(f"{where} takes no options (got {', '.join(sorted(table))})")
        return None
    known = option_fields(options_cls)
    unknown = sorted(set(table) - set(known))
    if unknown:
        raise ConfigError(f"{where}: unknown option(s) {', '.join(unknown)} "
                          f"(known: {', '.join(sorted(known)) or 'none'})")
    values = {name: _checked(value, known[name], f"{where} {name}") for name, value in table.items()}
    try:
        return options_cls(**values)
    except ConfigError as exc:
        raise ConfigError(f"{where}: {exc}") from None
    except (TypeError, ValueError) as exc:
        raise ConfigError(f"{where}: {exc}") from None


def describe_type(tp) -> str:
    """How an option's type reads in an error message."""
    if tp is bool:
        return "true or false"
    if tp is int:
        return "an integer"
    if tp is float:
        return "a number"
    if tp is str:
        return "a string"
    origin = get_origin(tp)
    if origin is Literal:
        return "one of " + ", ".join(repr(a) for a in get_args(tp))
    if _is_union(tp):
        return " or ".join("nothing" if a is type(None) else describe_type(a) for a in get_args(tp))
    if origin in (tuple, list):
        return "a list of " + describe_type(get_args(tp)[0]).removeprefix("a ").removeprefix("an ") + "s"
    return getattr(tp, "__name__", str(tp))


def _is_union(tp) -> bool:
    return get_origin(tp) in (typing.Union, types.UnionType)


def _checked(value: Any, tp, what: str) -> Any:
    ok, converted = _convert(value, tp)
    if not ok:
        raise ConfigError(f"{what} must be {describe_type(tp)}, not {value!r}")
    return converted


def _convert(value: Any, tp) -> tuple[bool, Any]:
    if tp is Any:
        return True, value
    if _is_union(tp):
        for arg in get_args(tp):
            if arg is type(None):
                if value is None:
                    return True, None
                continue
            ok, converted = _convert(value, arg)
            if ok:
                return True, converted
        return False, None
    origin = get_origin(tp)
    if origin is Literal:
        args = get_args(tp)
        return any(value == a and type(value) is type(a) for a in args), value
    if origin in (tuple, list):
        if not isinstance(value, (list, tuple)):
            return False, None
        item = get_args(tp)[0]
        items = [_convert(v, item) for v in value]
        return all(ok for ok, _ in items), tuple(v for _, v in items)
    if tp is bool:
        return isinstance(value, bool), value
    if tp is int:
        return isinstance(value, int) and not isinstance(value, bool), value
    if tp is float:
        ok = isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)
        return ok, float(value) if ok else None
    if tp is str:
        return isinstance(value, str), value
    return isinstance(value, tp), value

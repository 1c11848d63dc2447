"""Strict JSON text for every output (CLI ``--json``, ``serve``): a non-finite float, which JSON
cannot hold, is written as a string (``"inf"``, ``"nan"``); text that cannot be written as UTF-8
(a lone surrogate) is \\u-escaped."""
from __future__ import annotations

import json
import math
from typing import Any

__all__ = ["dumps"]


def dumps(obj: Any) -> str:
    try:
        text = json.dumps(obj, ensure_ascii=False, allow_nan=False)
    except ValueError:
        obj = _finite_only(obj)
        text = json.dumps(obj, ensure_ascii=False, allow_nan=False)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        text = json.dumps(obj, allow_nan=False)
    return text


def _finite_only(value: Any) -> Any:
    if isinstance(value, float) and not math.isfinite(value):
        return str(value)
    if isinstance(value, dict):
        return {k: _finite_only(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_finite_only(v) for v in value]
    return value

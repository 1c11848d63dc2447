"""Request bodies of the JSON API: at most ``MAX_BODY_BYTES``, a JSON object, the fields a route
takes and nothing else. Each failure is a ``BadRequest`` carrying its HTTP status."""
from __future__ import annotations

import json
from typing import Any

from ..errors import InputError

__all__ = ["BadRequest", "MAX_BODY_BYTES", "read_body", "parse_fields"]

MAX_BODY_BYTES = 1 << 20


class BadRequest(InputError):
    """A request the API refuses before any work: ``status`` is 400 or 413."""

    def __init__(self, message: str, status: int = 400):
        super().__init__(message)
        self.status = status


async def read_body(request) -> bytes:
    """The body, refused with 413 as soon as it is known to be over the limit (declared or streamed)."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > MAX_BODY_BYTES:
        raise _too_large()
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY_BYTES:
            raise _too_large()
    return bytes(body)


def _too_large() -> BadRequest:
    return BadRequest(f"the request body is over {MAX_BODY_BYTES:,} bytes", status=413)


def parse_fields(body: bytes, required: str, optional: tuple[str, ...] = ()) -> dict[str, Any]:
    """``{"<required>": str, <optional>: str | None}`` from a JSON object body."""
    try:
        data = json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise BadRequest("the request body is not valid JSON") from None
    if not isinstance(data, dict):
        raise BadRequest(f'expected a JSON object such as {{"{required}": "..."}}')
    unknown = sorted(set(data) - {required, *optional})
    if unknown:
        raise BadRequest(f"unknown field(s): {', '.join(unknown)}; this route takes "
                         + ", ".join([required, *optional]))
    if not isinstance(data.get(required), str):
        raise BadRequest(f'"{required}" must be given as a string')
    for name in optional:
        value = data.get(name)
        if value is not None and not isinstance(value, str):
            raise BadRequest(f'"{name}" must be a string')
    return {name: data.get(name) for name in (required, *optional)}

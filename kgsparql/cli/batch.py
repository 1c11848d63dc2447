"""JSONL batches for ``kgsparql ask --input`` and ``kgsparql verify --input``: read bytes line by line,
each line decoded on its own, so one bad line becomes one ``{"id", "error"}`` row and never costs
the others; write one output row per input row (docs/reliability.md)."""
from __future__ import annotations

import json
import math
from typing import BinaryIO, Callable, Iterable, Iterator

import click

from ..errors import InputError
from .flags import emit_json

__all__ = ["open_input", "read_batch", "write_rows", "stats_line", "MAX_LINE_BYTES"]

MAX_LINE_BYTES = 1 << 20      # longer lines are refused unread (a question is at most max_question_chars)
_BOM = b"\xef\xbb\xbf"


def open_input(path: str) -> BinaryIO:
    """The --input file opened for reading bytes (``-`` is stdin); a missing file is a user error."""
    if path == "-":
        return click.open_file("-", "rb")       # stays open when the batch is done
    try:
        return open(path, "rb")
    except IsADirectoryError:
        raise InputError(f"--input {path} is a directory, not a JSONL file") from None
    except FileNotFoundError:
        raise InputError(f"--input {path}: no such file") from None
    except OSError as exc:
        raise InputError(f"cannot read --input {path}: {exc.strerror or exc}") from None


def _lines(stream: BinaryIO) -> Iterator[tuple[int, bytes | None]]:
    """(line number, bytes), or (line number, None) for a line over MAX_LINE_BYTES (skipped unread)."""
    n = 0
    while True:
        line = stream.readline(MAX_LINE_BYTES + 1)
        if not line:
            return
        n += 1
        if len(line) > MAX_LINE_BYTES:
            while line and not line.endswith(b"\n"):
                line = stream.readline(MAX_LINE_BYTES)
            yield n, None
            continue
        yield n, line[len(_BOM):] if n == 1 and line.startswith(_BOM) else line


class _NotFinite(ValueError):
    """A number JSON cannot write back (``1e999``, ``NaN``): refused where it is read."""


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _NotFinite(text)
    return value


def _no_constant(name: str):
    raise _NotFinite(name)


def _strict_json(text: str):
    """``json.loads`` of strict JSON: ``NaN``, ``Infinity`` and numbers that overflow to them are refused."""
    return json.loads(text, parse_float=_finite, parse_constant=_no_constant)


def _id_of(raw: bytes):
    """The id of a line that is not valid UTF-8, if the rest of it still reads as JSON with a plain id."""
    try:
        item = _strict_json(raw.decode("utf-8", "replace"))
    except ValueError:
        return None
    qid = item.get("id") if isinstance(item, dict) else None
    return qid if isinstance(qid, (str, int)) and "\ufffd" not in str(qid) else None


def _item(n: int, raw: bytes | None, key: str = "question") -> dict:
    if raw is None:
        return {"id": None, "error": f"line {n}: longer than {MAX_LINE_BYTES:,} bytes"}
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        return {"id": _id_of(raw), "error": f"line {n}: not valid UTF-8 (byte {exc.start + 1})"}
    try:
        item = _strict_json(text)
    except _NotFinite as exc:
        return {"id": None, "error": f"line {n}: the number {str(exc)[:40]} is not finite (strict JSON has no "
                                     "NaN or Infinity)"}
    except ValueError:          # not JSON, or an integer too long to convert
        return {"id": None, "error": f"line {n}: not valid JSON"}
    if not isinstance(item, dict) or not isinstance(item.get(key), str):
        return {"id": item.get("id") if isinstance(item, dict) else None,
                "error": f"line {n}: expected an object with a string '{key}'"}
    return item


def read_batch(stream: BinaryIO, key: str = "question") -> Iterator[dict]:
    """One item per non-blank line, in order: ``{"id", "<key>", ...}`` or ``{"id", "error"}``
    (``key`` is ``question`` for ``ask``, ``claim`` for ``verify``)."""
    for n, raw in _lines(stream):
        if raw is not None and not raw.strip():
            continue
        yield _item(n, raw, key)


def write_rows(rows: Iterable[dict], as_json: bool, print_readable: Callable[[dict], None], noun: str) -> None:
    """One output row per input row, in order. A row that fails carries its error and the run goes on
    (exit 0); the exit status is 1 when every row failed, and 3 when a row hit a bug (after every
    row is written). ``noun`` names the rows in those messages ("question", "claim")."""
    total = failed = internal = 0
    for row in rows:
        total += 1
        failed += "error" in row
        internal += bool(row.get("internal"))
        if as_json or "error" in row:
            emit_json(row)
        else:
            print_readable(row)
    if internal:
        raise RuntimeError(f"{internal} of {total} {noun}(s) hit a bug; their rows say where")
    if total and failed == total:
        raise InputError(f"all {total} {noun}(s) failed")


def stats_line(stats: dict) -> str:
    """The text output's last line: queries (and round trips, when some went out together), LLM calls, seconds."""
    queries, trips = stats.get("sparql_queries", 0), stats.get("sparql_round_trips", 0)
    waits = f" ({trips} round trips)" if trips < queries else ""
    return f"   [{queries} SPARQL queries{waits}, {stats.get('llm_calls', 0)} LLM calls, {stats.get('seconds', 0):.3f} s]"

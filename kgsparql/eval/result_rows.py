"""Reading a results file: its rows checked one by one (the fields a question's or a claim's row must
hold, of the right kinds), the first row of each id, and the byte length of its complete part. A last
line cut short by a kill (no final newline, not valid JSON) is dropped with a warning; any other
unreadable line makes the file unusable."""
from __future__ import annotations

import json
import sys
from pathlib import Path

from ..errors import InputError

__all__ = ["read_results", "REQUIRED", "CLAIM_REQUIRED"]

REQUIRED = ("id", "gold", "answers", "hits1", "hit_any", "f1")
CLAIM_REQUIRED = ("id", "gold", "verdict", "right")          # rows of a claim-verification run


def _warn(message: str) -> None:
    print(f"warning: {message}", file=sys.stderr, flush=True)


_KINDS = {"id": (str,), "answers": (list,), "hits1": (bool,), "hit_any": (bool,), "f1": (int, float),
          "verdict": (str,), "right": (bool,)}


def _parse(line: str, where: str, required=REQUIRED) -> dict:
    try:
        row = json.loads(line)
    except ValueError:
        raise InputError(f"{where}: not valid JSON; not a kgsparql eval results file?") from None
    if not isinstance(row, dict) or any(k not in row for k in required):
        raise InputError(f"{where}: not a kgsparql eval result (needs {', '.join(required)})")
    kinds = {**_KINDS, "gold": (bool,) if "verdict" in required else (list,)}
    for key in required:
        value = row[key]
        wrong = not isinstance(value, kinds[key]) or (bool not in kinds[key] and isinstance(value, bool))
        if wrong or (key == "f1" and not 0 <= value <= 1):
            raise InputError(f"{where}: field {key!r} holds {json.dumps(value)[:40]}, which is not "
                             f"{_KIND_NAMES[kinds[key]]}; not a kgsparql eval result")
    return row


_KIND_NAMES = {(str,): "a string", (list,): "a list", (bool,): "true or false", (int, float): "a number in [0, 1]"}


def read_results(path: Path, required=REQUIRED) -> tuple[list[dict], int]:
    """The rows of ``path`` (first occurrence of each id) and the byte length of its complete part."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise InputError(f"cannot read results file {path}: {exc.strerror or exc}") from None
    text = data.decode("utf-8", "surrogateescape")   # a kill can cut a character in half
    lines, complete = text.split("\n"), len(data)
    rows, seen, dupes = [], set(), 0
    for no, line in enumerate(lines, 1):
        if not line.strip():
            continue
        if no == len(lines):            # no newline after it: maybe a write cut short by a kill
            try:
                row = _parse(line, f"{path}:{no}", required)
            except InputError:
                _warn(f"{path}:{no}: ignoring an incomplete last line (an interrupted write)")
                complete = len(data) - len(line.encode("utf-8", "surrogateescape"))
                break
        else:
            row = _parse(line, f"{path}:{no}", required)
        if row["id"] in seen:
            dupes += 1
            continue
        seen.add(row["id"])
        rows.append(row)
    if dupes:
        _warn(f"{path}: {dupes} repeated id(s); the first result of each is used")
    return rows, complete

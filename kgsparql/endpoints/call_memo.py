"""One question's memory of the queries it ran (``cache.memo``): a query text an endpoint already
answered is answered again from memory, and so is one that differs from an answered query only by a
smaller final ``LIMIT``. Two methods asked about one question (RefKG or KGFR and the default method
whose verdict they share) walk the same facts with different row caps; without ORDER BY a LIMIT
keeps any rows, with it the first ones, so the first ``n`` rows of the larger answer are an answer
to the smaller query, and a complete answer (fewer rows than its cap) answers every cap."""
from __future__ import annotations

import re

from .rows import Rows

__all__ = ["MISSING", "recall", "remember"]

MISSING = object()
_FINAL_LIMIT = re.compile(r"\bLIMIT\s+(\d+)\s*$", re.IGNORECASE)


def _split(text: str) -> tuple[str, int | None]:
    """The query without its final LIMIT, and that LIMIT (None when it ends otherwise)."""
    found = _FINAL_LIMIT.search(text)
    return (text[: found.start()], int(found.group(1))) if found else (text, None)


def recall(mem: dict, endpoint: str, text: str):
    """The remembered answer to ``text`` on ``endpoint``, or ``MISSING``."""
    if (endpoint, text) in mem:
        return mem[(endpoint, text)]
    base, limit = _split(text)
    entry = mem.get((endpoint, base, "limit")) if limit is not None else None
    if entry is None:
        return MISSING
    cap, rows = entry
    if cap < limit and len(rows) >= cap:
        return MISSING              # cut by its own smaller cap: it may lack rows this query wants
    return rows if len(rows) <= limit else Rows(rows[:limit], rows.variables)


def remember(mem: dict, endpoint: str, text: str, result) -> None:
    """Keep ``result``; a SELECT's rows also under the text without its final LIMIT (the largest cap
    answered so far), unless the endpoint's own row cap cut them."""
    mem[(endpoint, text)] = result
    base, limit = _split(text)
    if limit is None or not isinstance(result, Rows) or result.truncated:
        return
    kept = mem.get((endpoint, base, "limit"))
    if kept is None or limit > kept[0]:
        mem[(endpoint, base, "limit")] = (limit, result)

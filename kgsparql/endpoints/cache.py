"""On-disk result cache keyed by (endpoint, final query text). The final text already contains the
bound values, so the key covers (endpoint, query, bindings). One SQLite file in WAL mode, safe across
processes; one connection per cache guarded by a lock, safe across threads (one ``Asker`` may be
shared). Entries older than ``ttl`` seconds are not answered from (``None``: no expiry); SQLite
failures leave as ``CacheError``."""
from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
import time
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import Iterator

from ..errors import CacheError
from ..error_mapping import translated
from ..types import IRI, BlankNode, Literal, Term
from .rows import Rows

__all__ = ["ResultCache", "term_to_json", "term_from_json", "uncached", "bypassed", "memo", "active_memo"]

_BYPASS: ContextVar[bool] = ContextVar("kgsparql_cache_bypass", default=False)
_MEMO: ContextVar["dict | None"] = ContextVar("kgsparql_call_memo", default=None)


@contextmanager
def memo() -> Iterator[dict]:
    """Inside, a query text an endpoint already answered is answered again from memory (one
    question asks the same query twice: the subgraph's first hop and the chain's), even with the
    result cache off. Scoped to one call, so it never serves stale data across questions."""
    token = _MEMO.set({})
    try:
        yield _MEMO.get()
    finally:
        _MEMO.reset(token)


def active_memo() -> "dict | None":
    return None if _BYPASS.get() else _MEMO.get()


@contextmanager
def uncached() -> Iterator[None]:
    """Inside, endpoints neither read nor write the result cache (reads that have a cache of their
    own, such as the label index build, and must see the KG as it is now)."""
    token = _BYPASS.set(True)
    try:
        yield
    finally:
        _BYPASS.reset(token)


def bypassed() -> bool:
    return _BYPASS.get()


def term_to_json(t: Term) -> list:
    if isinstance(t, IRI):
        return ["i", t.value]
    if isinstance(t, Literal):
        return ["l", t.value, t.datatype, t.lang]
    return ["b", t.id]


def term_from_json(v: list) -> Term:
    if v[0] == "i":
        return IRI(v[1])
    if v[0] == "l":
        return Literal(v[1], v[2], v[3])
    return BlankNode(v[1])


class ResultCache:
    def __init__(self, path: str | Path, ttl: float | None = None):
        self.path = Path(path)
        self.ttl = ttl
        self._lock = threading.Lock()
        self._db: sqlite3.Connection | None = None
        with self._using() as db:
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("CREATE TABLE IF NOT EXISTS results (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
            columns = {row[1] for row in db.execute("PRAGMA table_info(results)")}
            for name, decl in (("endpoint", "TEXT NOT NULL DEFAULT ''"), ("created", "REAL NOT NULL DEFAULT 0")):
                if name not in columns:  # a file from an older version: its entries count as expired
                    db.execute(f"ALTER TABLE results ADD COLUMN {name} {decl}")

    @contextmanager
    def _using(self) -> Iterator[sqlite3.Connection]:
        with self._lock, translated(f"result cache {self.path}"):
            if self._db is None:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                self._db = sqlite3.connect(str(self.path), timeout=30, check_same_thread=False)
            with self._db:  # one transaction: committed, or rolled back on error
                yield self._db

    @staticmethod
    def _key(endpoint: str, text: str) -> str:
        return hashlib.sha256(f"{endpoint}\x00{text}".encode()).hexdigest()

    def get(self, endpoint: str, text: str):
        with self._using() as db:
            row = db.execute("SELECT value, created FROM results WHERE key = ?", (self._key(endpoint, text),)).fetchone()
        if row is None or (self.ttl is not None and time.time() - row[1] > self.ttl):
            return None
        data = json.loads(row[0])
        if isinstance(data, bool):
            return data
        rows = [{k: term_from_json(v) for k, v in r.items()} for r in data["rows"]]
        return Rows(rows, data["vars"])

    def put(self, endpoint: str, text: str, result) -> None:
        if isinstance(result, bool):
            value = json.dumps(result)
        else:
            value = json.dumps({"vars": list(getattr(result, "variables", [])),
                                "rows": [{k: term_to_json(v) for k, v in r.items()} for r in result]})
        with self._using() as db:
            db.execute("INSERT OR REPLACE INTO results (key, value, endpoint, created) VALUES (?, ?, ?, ?)",
                       (self._key(endpoint, text), value, endpoint, time.time()))

    def info(self) -> list[dict]:
        """Per endpoint: entries, how many are expired, the oldest and newest entry (Unix time)."""
        cut = time.time() - self.ttl if self.ttl is not None else float("-inf")
        with self._using() as db:
            rows = db.execute("SELECT endpoint, COUNT(*), SUM(created < ?), MIN(created), MAX(created) "
                              "FROM results GROUP BY endpoint ORDER BY endpoint", (cut,)).fetchall()
        return [{"endpoint": e or "(unknown)", "entries": n, "expired": int(x or 0), "oldest": lo, "newest": hi}
                for e, n, x, lo, hi in rows]

    def clear(self, endpoint: str | None = None, expired_only: bool = False) -> int:
        """Delete entries (of one endpoint, or only expired ones); returns how many."""
        where, args = [], []
        if endpoint is not None:
            where.append("endpoint = ?")
            args.append(endpoint)
        if expired_only and self.ttl is not None:
            where.append("created < ?")
            args.append(time.time() - self.ttl)
        with self._using() as db:
            cur = db.execute("DELETE FROM results" + (" WHERE " + " AND ".join(where) if where else ""), args)
            return cur.rowcount

    def close(self) -> None:
        with self._lock:
            if self._db is not None:
                try:
                    self._db.close()
                except sqlite3.Error as exc:
                    raise CacheError(f"result cache {self.path}: {exc}") from None
                self._db = None

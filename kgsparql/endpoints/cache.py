"""On-disk result cache keyed by (endpoint, final query text). The final text already contains the
bound values, so the key covers (endpoint, query, bindings). One SQLite file, safe across processes."""
from __future__ import annotations

import hashlib
import json
import sqlite3
from pathlib import Path

from ..types import IRI, BlankNode, Literal, Term

__all__ = ["ResultCache", "term_to_json", "term_from_json"]


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
    def __init__(self, path: str | Path):
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(str(self.path), timeout=30, check_same_thread=False)
        self._db.execute("CREATE TABLE IF NOT EXISTS results (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
        self._db.commit()

    @staticmethod
    def _key(endpoint: str, text: str) -> str:
        return hashlib.sha256(f"{endpoint}\x00{text}".encode()).hexdigest()

    def get(self, endpoint: str, text: str):
        from .base import Rows

        row = self._db.execute("SELECT value FROM results WHERE key = ?", (self._key(endpoint, text),)).fetchone()
        if row is None:
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
        self._db.execute("INSERT OR REPLACE INTO results VALUES (?, ?)", (self._key(endpoint, text), value))
        self._db.commit()

    def close(self) -> None:
        self._db.close()

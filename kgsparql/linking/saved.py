"""The label indexes saved under ``<home>/indexes/<key>/labels.json``: listing and removing them
(``kgsparql cache info|clear``). Building and loading is ``kgsparql.linking.build``."""
from __future__ import annotations

import json
import shutil
import time
from pathlib import Path

__all__ = ["saved_indexes", "remove_indexes", "SOURCE"]

SOURCE = "source.json"   # beside labels.json: what the index was built from, readable without the index


def saved_indexes(home: Path, ttl: float | None = None) -> list[dict]:
    """One dict per saved index: path, bytes, age in seconds, expired, and what it was built from."""
    out = []
    for path in sorted((home / "indexes").glob("*/labels.json")):
        try:
            stat = path.stat()
        except OSError:
            continue
        try:  # the small sidecar written beside the index, not the index itself
            source = json.loads(path.with_name(SOURCE).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            source = {}
        source = source if isinstance(source, dict) else {}
        age = time.time() - stat.st_mtime
        out.append({"path": str(path), "bytes": stat.st_size, "age_s": round(age, 1),
                    "expired": ttl is not None and age > ttl, "source": source.get("source_id", ""),
                    "adapter": source.get("adapter", ""), "labels": source.get("labels")})
    return out


def remove_indexes(home: Path, ttl: float | None = None, expired_only: bool = False) -> int:
    """Delete saved indexes (only those older than ``ttl`` with ``expired_only``); how many went."""
    gone = 0
    for entry in saved_indexes(home, ttl):
        if expired_only and not entry["expired"]:
            continue
        shutil.rmtree(Path(entry["path"]).parent, ignore_errors=True)
        gone += 1
    return gone

"""The KG's relation vocabulary (``adapter.schema_relations``), saved across runs for a store on disk.

Reading the vocabulary scans every triple (``SELECT DISTINCT ?p``): on the demo store that is most of
a cold ``kgsparql ask``. For an embedded store on disk it is saved as ``relations.json`` beside the
label index (``<home>/indexes/<key>/``, whose key already changes with the store's data files), with
what it was read by (the ``schema_relations`` template and the limit) so a changed template or limit
reads it again; it is trusted for ``cache_ttl`` seconds like the index, and ``kgsparql cache clear``
removes it with the index. Other KGs (HTTP endpoints have the result cache) read it as before."""
from __future__ import annotations

import hashlib
import json
import os
import time
from pathlib import Path

from ..config import Settings
from ..errors import TemplateError
from ..sparql import load_query
from ..types import IRI, Relation
from .build import index_path, store_identity

__all__ = ["relation_vocabulary", "loaded_relation_vocabulary", "vocabulary_path"]

FILE = "relations.json"


def vocabulary_path(kg, settings: Settings) -> Path | None:
    """Where the vocabulary of ``kg`` is saved, or None when it is not (not a store on disk)."""
    if not store_identity(kg.endpoint).startswith("files="):
        return None
    index = index_path(kg, settings)
    return index.with_name(FILE) if index is not None else None


def relation_vocabulary(kg, settings: Settings, limit: int) -> list[Relation]:
    """``kg.adapter.schema_relations(limit)``, from the saved file when it is there and fresh."""
    adapter, path = kg.adapter, vocabulary_path(kg, settings)
    if path is None:
        return adapter.schema_relations(limit)
    key = _read_by(adapter, limit)
    saved = _load(path, key) if _age(path) <= settings.cache_ttl else None
    if saved is not None:
        return [adapter.make_relation(IRI(iri), False) for iri in saved]
    relations = adapter.schema_relations(limit)
    if relations and not any(r.inverse or r.via for r in relations):
        _save(path, key, [r.iri for r in relations])
    return relations


def loaded_relation_vocabulary(kg, settings: Settings, models, limit: int) -> list[Relation]:
    """``relation_vocabulary``, read once per KG and limit for every reader sharing ``models`` (the
    linker's relation words and abstention's comparison)."""
    return models.load(("relation-vocabulary", kg.source_id, kg.adapter.name, limit),
                       lambda: relation_vocabulary(kg, settings, limit))


def _age(path: Path) -> float:
    try:
        return time.time() - path.stat().st_mtime
    except OSError:
        return float("inf")


def _read_by(adapter, limit: int) -> str:
    try:
        template = load_query(adapter.queries, "schema_relations").text
    except TemplateError:
        template = ""
    return hashlib.sha256(f"{adapter.name}|{adapter.queries}|{limit}|{template}".encode()).hexdigest()[:20]


def _load(path: Path, key: str) -> list[str] | None:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or data.get("key") != key or not isinstance(data.get("relations"), list):
        return None
    return [str(iri) for iri in data["relations"]] or None


def _save(path: Path, key: str, iris: list[str]) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_name(f".{FILE}.{os.getpid()}.tmp")
        partial.write_text(json.dumps({"key": key, "relations": iris}), encoding="utf-8")
        os.replace(partial, path)
    except OSError:
        pass  # a read-only home: read the vocabulary again next run

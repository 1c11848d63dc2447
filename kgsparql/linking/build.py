"""Building, caching and reopening the label index of a KG.

The index is read once from ``queries/<adapter>/label_index.rq`` (keyset pages: ``?after`` is the
last IRI of the previous page) and saved under ``<home>/indexes/<key>/labels.json``. The key hashes
the KG's ``source_id``, the adapter, the template text and, for an embedded store, what identifies
its data (``store_identity``), so a changed store or template gets a new index. A loaded index is
kept in the caller's ``Models``."""
from __future__ import annotations

import hashlib
import json
import logging
import time
from pathlib import Path

from ..config import Settings
from ..errors import ConfigError, TemplateError
from ..kg import uncached
from ..loaded_models import Models
from ..sparql import load_query
from ..types import IRI, Literal
from .index import FORMAT, LabelIndex
from .saved import SOURCE

__all__ = ["index_for", "index_path", "wants_index", "read_labels", "store_identity", "Labels", "MAX_LABELS"]

PAGE = 100_000
MAX_LABELS = 5_000_000      # labels kept in one index; a larger KG gets a truncated index and a warning
_log = logging.getLogger("kgsparql.linking")
_MODES = ("auto", "on", "off")


def wants_index(kg, mode: str) -> bool:
    """``auto``: index embedded stores and generic (converted/plain RDF) endpoints; the big public
    KGs behind HTTP (Wikidata, Freebase, DBpedia) are linked through ``lookup`` instead."""
    if mode not in _MODES:
        raise ConfigError(f"linking label_index must be one of {', '.join(_MODES)}, not {mode!r}")
    if mode == "off" or not callable(getattr(kg.adapter, "run", None)):
        return False
    embedded = callable(getattr(kg.endpoint, "count_triples", None))
    return mode == "on" or embedded or kg.adapter.name == "generic"


def store_identity(endpoint) -> str:
    """Something that changes when an embedded store's data changes: for a store on disk the names
    and sizes of its RocksDB data files (cheap, unlike counting), in memory its triple count."""
    path = getattr(endpoint, "path", None)
    if path is not None and Path(path).is_dir():
        files = sorted(f for f in Path(path).iterdir()
                       if f.suffix in (".sst", ".log") or f.name.startswith(("MANIFEST-", "CURRENT")))
        return "files=" + ",".join(f"{f.name}:{f.stat().st_size}" for f in files)
    count = getattr(endpoint, "count_triples", None)
    return f"triples={count()}" if callable(count) else ""


def _identity(kg) -> str:
    adapter = kg.adapter
    try:
        template = load_query(adapter.queries, "label_index").text
    except TemplateError:
        return ""
    store = store_identity(kg.endpoint)
    return f"{FORMAT}|{kg.source_id}|{adapter.name}|{adapter.queries}|{store}|{template}"


def index_path(kg, settings: Settings) -> Path | None:
    """Where this KG's index lives, or None when its adapter has no label_index template."""
    identity = _identity(kg)
    if not identity:
        return None
    digest = hashlib.sha256(identity.encode("utf-8")).hexdigest()[:20]
    return settings.home_path / "indexes" / digest / "labels.json"


class Labels(list):
    """(IRI, label) pairs; ``truncated`` says why reading stopped early (None: read to the end)."""

    truncated: str | None = None


def read_labels(adapter, page: int | None = None, *, max_labels: int = MAX_LABELS,
                max_rows: int | None = None) -> Labels:
    """All (IRI, label) pairs, ``page`` rows at a time (None: the template's LIMIT, 10,000, which
    Virtuoso's sorted-row cap allows), until a page comes back empty: a server may cap rows below
    ``page`` without saying so. The last entity of a page may continue on the next one, so it is
    read again there: each page starts after the last entity it kept.

    Reading stops early, with a warning and ``truncated`` set, when a page makes no progress (its
    last IRI is not after the previous one: the endpoint ignores the paging filter), or after
    ``max_labels`` labels or ``max_rows`` rows read (default: twice ``max_labels``)."""
    max_rows = 2 * max_labels if max_rows is None else max_rows
    entries: list[tuple[str, str]] = []
    after: str | None = None
    read = 0
    while True:
        rows = adapter.run("label_index", {"after": [None if after is None else Literal(after)]}, limit=page)
        read += len(rows)
        pairs = [(row["e"].value, row["label"].value) for row in rows
                 if isinstance(row.get("e"), IRI) and row.get("label") is not None]
        if not pairs:
            return Labels(dict.fromkeys(entries))
        kept = [p for p in pairs if p[0] != pairs[-1][0]] or pairs
        if after is not None and not kept[-1][0] > after:
            return _truncated(entries, "the endpoint ignores the paging filter (a page did not move past "
                                       f"{after}); the label index holds the first page only")
        entries.extend(kept)
        after = kept[-1][0]
        if len(entries) >= max_labels or read >= max_rows:
            return _truncated(entries[:max_labels], f"stopped after {min(len(entries), max_labels):,} labels "
                                                    f"({read:,} rows read): the KG is larger than the index cap")


def _truncated(entries: list, why: str) -> Labels:
    labels = Labels(dict.fromkeys(entries))
    labels.truncated = why
    _log.warning("kgsparql: label index truncated: %s; linking falls back to lookup for the rest", why)
    return labels


def index_for(kg, settings: Settings, models: Models | None = None) -> LabelIndex | None:
    """The KG's label index: from ``models``, else from disk, else read from the KG and saved."""
    path = index_path(kg, settings)
    if path is None:
        return None
    models = models if models is not None else Models()
    return models.load(("label-index", str(path)), lambda: _load_or_build(kg, path, settings.cache_ttl))


def _load_or_build(kg, path: Path, ttl: float | None = None) -> LabelIndex:
    """The saved index unless older than ``ttl`` seconds; else read from the KG and saved, unless
    it came back empty (the KG may not be loaded yet) or truncated, or the store is in memory (its
    name lasts one process): those live in this process only."""
    fresh = ttl is None or _age(path) <= ttl
    index = LabelIndex.load(path) if fresh else None
    if index is None or not len(index):
        with uncached():  # the index is the cache: its pages would only go stale in the result cache
            labels = read_labels(kg.adapter, _page_for(kg.endpoint))
        index = LabelIndex(labels)
        if labels.truncated is None and len(index) and not store_identity(kg.endpoint).startswith("triples="):
            source = {"source_id": kg.source_id, "adapter": kg.adapter.name, "labels": len(index)}
            index.save(path, source)
            path.with_name(SOURCE).write_text(json.dumps(source), encoding="utf-8")
    return index


def _age(path: Path) -> float:
    try:
        return time.time() - path.stat().st_mtime
    except OSError:
        return float("inf")


def _page_for(endpoint) -> int | None:
    """An embedded store sorts every remaining row for each page, so it gets one big page (its
    row cap cuts it, and paging goes on from there); HTTP endpoints get the template's LIMIT."""
    if callable(getattr(endpoint, "count_triples", None)):
        return int(getattr(endpoint, "max_rows", PAGE))
    return None

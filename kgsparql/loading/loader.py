"""``kgsparql load``: RDF files through pyoxigraph's bulk loader, delimited triple files through the
converter. Gzip accepted everywhere. Loading is idempotent: an RDF store is a set of triples."""
from __future__ import annotations

import gzip
import os
import shutil
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

import pyoxigraph

from ..config import DEFAULT_BASE_IRI
from ..errors import InputError, LoadError
from ..error_mapping import translated
from .convert import TripleConverter
from .input_files import FORMATS, RDF_FORMATS, check_rdf, checked_formats, detect_format, open_text
from .store_target import building_dir, check_target

__all__ = ["load_files", "detect_format", "LoadReport", "FORMATS"]


@dataclass
class LoadReport:
    files: int
    triples_read: int
    before: int
    after: int
    seconds: float

    def to_json(self) -> dict:
        return {"files": self.files, "triples_read": self.triples_read, "store_triples_before": self.before,
                "store_triples": self.after, "added": self.after - self.before, "seconds": round(self.seconds, 3)}


def _load_delimited(store: pyoxigraph.Store, path: Path, sep: str, conv: TripleConverter) -> int:
    before = conv.triples
    with open_text(path) as fh:
        try:
            data = "".join(conv.convert(fh, sep, source=str(path))).encode("utf-8")
        except UnicodeDecodeError:
            raise InputError(f"{path} is not UTF-8 text") from None
    with translated(f"loading {path}"):
        store.bulk_load(input=data, format=pyoxigraph.RdfFormat.N_TRIPLES)
    return conv.triples - before


def _load_rdf(store: pyoxigraph.Store, path: Path, fmt: str, base_iri: str) -> int:
    raw = gzip.open(path, "rb") if path.suffix == ".gz" else open(path, "rb")
    before = len(store)
    with raw:
        try:
            store.bulk_load(input=raw, format=RDF_FORMATS[fmt], base_iri=base_iri)
        except SyntaxError as exc:
            raise InputError(f"{path}: not valid {fmt}: {str(exc).splitlines()[0]}") from None
        except (OSError, EOFError) as exc:
            raise LoadError(f"loading {path}: {exc}") from None
    return len(store) - before


def load_files(files: Iterable[str | Path], store_dir: str | Path, fmt: str = "auto",
               base_iri: str = DEFAULT_BASE_IRI) -> LoadReport:
    """All files are checked before the store is opened. A new store is built in a sibling
    directory and moved into place when complete, so a load that fails or is killed leaves no
    half-built store behind; loading into an existing store adds to it in place (a kill leaves it
    opening and answering, with part of the new data)."""
    paths = [Path(f) for f in files]
    formats = checked_formats(paths, fmt)
    t0 = time.perf_counter()
    target = Path(store_dir)
    fresh = check_target(target)
    build = building_dir(target) if fresh else target
    with translated(f"opening store {store_dir}"):
        build.mkdir(parents=True, exist_ok=True)
        store = pyoxigraph.Store(str(build))
    try:
        before, read, after = _load_into(store, paths, formats, base_iri)
    except BaseException:
        del store
        if fresh:
            shutil.rmtree(build, ignore_errors=True)
        raise
    del store
    if fresh:
        if target.exists():
            target.rmdir()          # the empty directory the user named
        os.replace(build, target)
    return LoadReport(len(paths), read, before, after, time.perf_counter() - t0)


def _load_into(store, paths: list[Path], formats: list[str], base_iri: str) -> tuple[int, int, int]:
    before, read = len(store), 0
    for p, f in zip(paths, formats):
        if before and f in RDF_FORMATS:
            check_rdf(p, f, base_iri)
    conv = TripleConverter(base_iri)
    for p, f in zip(paths, formats):
        if f in ("metaqa", "tsv"):
            read += _load_delimited(store, p, "|" if f == "metaqa" else "\t", conv)
        else:
            read += _load_rdf(store, p, f, base_iri)
    store.flush()
    return before, read, len(store)

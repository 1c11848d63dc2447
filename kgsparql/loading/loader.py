"""``kgsparql load``: RDF files through pyoxigraph's bulk loader, delimited triple files through the
converter. Gzip accepted everywhere. Loading is idempotent: an RDF store is a set of triples."""
from __future__ import annotations

import gzip
import io
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

import pyoxigraph

from ..config import DEFAULT_BASE_IRI
from ..errors import InputError, LoadError
from ..translate import translated
from .convert import TripleConverter

__all__ = ["load_files", "detect_format", "LoadReport", "FORMATS"]

_RDF = {"nt": pyoxigraph.RdfFormat.N_TRIPLES, "ttl": pyoxigraph.RdfFormat.TURTLE,
        "nq": pyoxigraph.RdfFormat.N_QUADS, "trig": pyoxigraph.RdfFormat.TRIG,
        "rdf": pyoxigraph.RdfFormat.RDF_XML, "owl": pyoxigraph.RdfFormat.RDF_XML,
        "jsonld": pyoxigraph.RdfFormat.JSON_LD}
FORMATS = ("auto", "metaqa", "tsv", "nt", "ttl", "nq", "trig")


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


def _open_text(path: Path):
    raw = gzip.open(path, "rb") if path.suffix == ".gz" else open(path, "rb")
    return io.TextIOWrapper(raw, encoding="utf-8", newline="")


def detect_format(path: Path) -> str:
    name = path.name.removesuffix(".gz")
    ext = name.rsplit(".", 1)[-1].lower() if "." in name else ""
    if ext in _RDF:
        return ext
    try:
        with _open_text(path) as fh:
            sample = [ln for ln in (fh.readline() for _ in range(20)) if ln.strip()]
    except (OSError, UnicodeDecodeError, EOFError) as exc:
        raise InputError(f"cannot read {path}: {exc}") from None
    if sample and all(ln.count("\t") == 2 for ln in sample):
        return "tsv"
    if sample and all(ln.count("|") == 2 for ln in sample):
        return "metaqa"
    raise InputError(f"cannot tell the format of {path}: pass --format (one of {', '.join(FORMATS[1:])})")


def _load_delimited(store: pyoxigraph.Store, path: Path, sep: str, conv: TripleConverter) -> int:
    before = conv.triples
    with _open_text(path) as fh:
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
            store.bulk_load(input=raw, format=_RDF[fmt], base_iri=base_iri)
        except SyntaxError as exc:
            raise InputError(f"{path}: not valid {fmt}: {str(exc).splitlines()[0]}") from None
        except (OSError, EOFError) as exc:
            raise LoadError(f"loading {path}: {exc}") from None
    return len(store) - before


def load_files(files: Iterable[str | Path], store_dir: str | Path, fmt: str = "auto",
               base_iri: str = DEFAULT_BASE_IRI) -> LoadReport:
    paths = [Path(f) for f in files]
    for p in paths:
        if not p.is_file():
            raise InputError(f"no such file: {p}")
    if fmt not in FORMATS:
        raise InputError(f"--format must be one of {', '.join(FORMATS)}")
    t0 = time.perf_counter()
    with translated(f"opening store {store_dir}"):
        Path(store_dir).mkdir(parents=True, exist_ok=True)
        store = pyoxigraph.Store(str(store_dir))
    try:
        before, read = len(store), 0
        conv = TripleConverter(base_iri)
        for p in paths:
            f = detect_format(p) if fmt == "auto" else fmt
            if f in ("metaqa", "tsv"):
                read += _load_delimited(store, p, "|" if f == "metaqa" else "\t", conv)
            else:
                read += _load_rdf(store, p, f, base_iri)
        store.flush()
        after = len(store)
    finally:
        del store
    return LoadReport(len(paths), read, before, after, time.perf_counter() - t0)

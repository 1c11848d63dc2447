"""The files ``kgsparql load`` is given: their format (named or detected) and the checks made before
the store is touched (every file exists, a gzip file is complete, an RDF file parses)."""
from __future__ import annotations

import gzip
import io
from pathlib import Path

import pyoxigraph

from ..errors import InputError

__all__ = ["FORMATS", "RDF_FORMATS", "open_text", "detect_format", "checked_formats", "check_rdf"]

RDF_FORMATS = {"nt": pyoxigraph.RdfFormat.N_TRIPLES, "ttl": pyoxigraph.RdfFormat.TURTLE,
               "nq": pyoxigraph.RdfFormat.N_QUADS, "trig": pyoxigraph.RdfFormat.TRIG,
               "rdf": pyoxigraph.RdfFormat.RDF_XML, "owl": pyoxigraph.RdfFormat.RDF_XML,
               "jsonld": pyoxigraph.RdfFormat.JSON_LD}
FORMATS = ("auto", "metaqa", "tsv", "nt", "ttl", "nq", "trig")


def open_text(path: Path):
    raw = gzip.open(path, "rb") if path.suffix == ".gz" else open(path, "rb")
    return io.TextIOWrapper(raw, encoding="utf-8", newline="")


def detect_format(path: Path) -> str:
    name = path.name.removesuffix(".gz")
    ext = name.rsplit(".", 1)[-1].lower() if "." in name else ""
    if ext in RDF_FORMATS:
        return ext
    try:
        with open_text(path) as fh:
            sample = [ln for ln in (fh.readline() for _ in range(20)) if ln.strip()]
    except (OSError, UnicodeDecodeError, EOFError) as exc:
        raise InputError(f"cannot read {path}: {exc}") from None
    if sample and all(ln.count("\t") == 2 for ln in sample):
        return "tsv"
    if sample and all(ln.count("|") == 2 for ln in sample):
        return "metaqa"
    raise InputError(f"cannot tell the format of {path}: pass --format (one of {', '.join(FORMATS[1:])})")


def _check_gzip(path: Path) -> None:
    """Read a .gz file through once, so a corrupt or truncated one is refused before the store is touched."""
    if path.suffix != ".gz":
        return
    try:
        with gzip.open(path, "rb") as fh:
            while fh.read(1 << 22):
                pass
    except (OSError, EOFError, gzip.BadGzipFile) as exc:
        raise InputError(f"{path} is not a complete gzip file ({exc})") from None


def check_rdf(path: Path, fmt: str, base_iri: str) -> None:
    """Parse an RDF file without storing it (bulk loading is not atomic: a syntax error half-way through
    would leave an existing store with part of the file)."""
    raw = gzip.open(path, "rb") if path.suffix == ".gz" else open(path, "rb")
    with raw:
        try:
            for _ in pyoxigraph.parse(input=raw, format=RDF_FORMATS[fmt], base_iri=base_iri):
                pass
        except SyntaxError as exc:
            raise InputError(f"{path}: not valid {fmt}: {str(exc).splitlines()[0]}") from None


def checked_formats(paths: list[Path], fmt: str) -> list[str]:
    for p in paths:
        if not p.is_file():
            raise InputError(f"no such file: {p}")
    if fmt not in FORMATS:
        raise InputError(f"--format must be one of {', '.join(FORMATS)}")
    for p in paths:
        _check_gzip(p)
    return [detect_format(p) if fmt == "auto" else fmt for p in paths]

"""The KB behind each benchmark file, loaded once into ``<home>/stores/<name>``.

A store is reused while its marker file holds the checksum of its inputs (the KB bytes, the format,
the base IRI, this module's version); otherwise it is rebuilt. Building happens in a temporary
directory beside the target and is moved into place only when complete, so a killed build leaves
nothing half-made behind."""
from __future__ import annotations

import hashlib
import json
import os
import shutil
import sys
import tempfile
import zipfile
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator

from ..errors import InputError
from ..loading import load_files

__all__ = ["KBSource", "ensure_store", "export_ntriples", "MARKER"]

MARKER = ".kgsparql-eval-kb"
REPORT = "kb-report.json"
_VERSION = "kb-v1"


@dataclass(frozen=True)
class KBSource:
    """``name``: the store directory name; ``path``: a KB file, or a zip holding ``member``."""

    name: str
    path: Path
    fmt: str                    # "metaqa" (head|rel|tail), "tsv" or "nt"
    member: str | None = None   # zip member holding the triples
    derive: Callable[[Path], dict] | None = None    # writes the KB as N-Triples to a path, from ``path``
    inputs: tuple[Path, ...] = ()                   # further files ``derive`` reads (in the checksum)
    version: str = ""                               # of ``derive``'s output for the same inputs (in the checksum)

    def read_bytes(self) -> bytes:
        if self.member is None:
            try:
                return self.path.read_bytes()
            except OSError as exc:
                raise InputError(f"cannot read KB file {self.path}: {exc.strerror or exc}") from None
        try:
            with zipfile.ZipFile(self.path) as zf:
                return zf.read(self.member)
        except (OSError, KeyError, zipfile.BadZipFile) as exc:
            raise InputError(f"cannot read {self.member} from {self.path}: {exc}") from None

    def checksum(self, base_iri: str) -> str:
        h = hashlib.sha256(f"{_VERSION}\0{self.fmt}\0{base_iri}\0{self.version}\0".encode())
        h.update(self.read_bytes())
        for extra in self.inputs:
            h.update(b"\0" + (extra.read_bytes() if extra.is_file() else b""))
        return h.hexdigest()

    @contextmanager
    def as_file(self) -> Iterator[Path]:
        """A plain file with the triples (a zip member or a derived KB is written to a temporary file)."""
        if self.derive is not None:
            with tempfile.TemporaryDirectory(prefix="kgsparql-kb-") as tmp:
                out = Path(tmp) / f"{self.name}.nt"
                report = self.derive(out)
                out.with_name(REPORT).write_text(json.dumps(report or {}) + "\n")
                yield out
            return
        if self.member is None:
            yield self.path
            return
        with tempfile.TemporaryDirectory(prefix="kgsparql-kb-") as tmp:
            out = Path(tmp) / Path(self.member).name
            out.write_bytes(self.read_bytes())
            yield out


def _keep_report(report: Path, store: Path, name: str, quiet: bool) -> None:
    """A derived KB's counts (e.g. triples dropped) go into the store and, unless quiet, to stderr."""
    if not report.is_file():
        return
    shutil.copy(report, store / REPORT)
    if not quiet:
        counts = json.loads(report.read_text())
        print(f"{name} KB: " + ", ".join(f"{v} {k.replace('_', ' ')}" for k, v in counts.items()),
              file=sys.stderr, flush=True)


def _ready(path: Path, checksum: str) -> bool:
    try:
        return (path / MARKER).read_text().strip() == checksum
    except OSError:
        return False


def ensure_store(kb: KBSource, home: str | Path, base_iri: str, *, quiet: bool = False) -> Path:
    """The store directory for ``kb`` under ``<home>/stores``, built first when missing or stale."""
    root = Path(home) / "stores"
    target = root / kb.name
    checksum = kb.checksum(base_iri)
    if _ready(target, checksum):
        return target
    if target.exists() and not (target / MARKER).exists():
        raise InputError(f"{target} exists but was not built by `kgsparql eval`: remove it or pass --store")
    if not quiet:
        print(f"loading the {kb.name} KB into {target} (once) ...", file=sys.stderr, flush=True)
    root.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{kb.name}.building-", dir=root))
    tmp.chmod(0o755)
    try:
        with kb.as_file() as src:
            load_files([src], tmp, kb.fmt, base_iri)
            _keep_report(src.with_name(REPORT), tmp, kb.name, quiet)
        (tmp / MARKER).write_text(checksum + "\n")
        if _ready(target, checksum):      # another process finished the same build first
            return target
        if target.exists():
            shutil.rmtree(target)         # a stale build of ours (its marker's checksum differs)
        os.replace(tmp, target)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return target


def export_ntriples(store: Path, out: str | Path) -> None:
    """The triples of an eval store (its default graph) as N-Triples, e.g. to bulk-load into a server."""
    import pyoxigraph

    from ..error_mapping import translated

    with translated(f"writing {store} to {out}"):
        pyoxigraph.Store.read_only(str(store)).dump(str(out), pyoxigraph.RdfFormat.N_TRIPLES,
                                                    from_graph=pyoxigraph.DefaultGraph())

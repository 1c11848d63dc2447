"""The results file: one JSON object per question, appended and flushed as each question finishes.

An existing file is never replaced unless asked (``overwrite``); ``resume`` keeps its rows and appends.
A last line cut short by a kill (no final newline, not valid JSON) is dropped on resume (it is
rewritten when that question is asked again); any other unreadable line makes the file unusable and
nothing is written to it. The file is locked for the whole run (``FileLock``): a second writer is refused."""
from __future__ import annotations

import json
from pathlib import Path

from ..errors import InputError
from .lock import FileLock
from .result_rows import CLAIM_REQUIRED, REQUIRED, read_results

__all__ = ["ResultsFile", "read_results", "REQUIRED", "CLAIM_REQUIRED"]


class ResultsFile:
    """Rows of this run (and, with ``resume``, of the earlier ones); ``path=None`` keeps them in memory."""

    def __init__(self, path: str | Path | None = None, *, resume: bool = False, overwrite: bool = False,
                 required=REQUIRED):
        self.required = required
        if resume and overwrite:
            raise InputError("--resume and --overwrite exclude each other")
        if resume and path is None:
            raise InputError("--resume needs --out FILE (the results file to continue)")
        self.path = Path(path) if path is not None else None
        self.rows: list[dict] = []
        self._fh = None
        self._complete: int | None = None       # append after this many bytes; None = start afresh
        self._lock: FileLock | None = None
        if self.path is None:
            return
        if self.path.is_dir():
            raise InputError(f"--out {self.path} is a directory")
        self._lock = FileLock(self.path)        # held until close(): one writer per results file
        try:
            self._check(resume, overwrite)
        except BaseException:
            self.close()
            raise

    def _check(self, resume: bool, overwrite: bool) -> None:
        exists = self.path.stat().st_size > 0
        if exists and not (resume or overwrite):
            raise InputError(f"{self.path} exists: pass --resume to continue it or --overwrite to replace it")
        if exists and resume:
            self.rows, self._complete = read_results(self.path, self.required)

    @property
    def done(self) -> set[str]:
        return {r["id"] for r in self.rows}

    def _open(self):
        """Opened at the first row, so a run that fails before answering anything leaves the file alone."""
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            if self._complete is None:
                return open(self.path, "w", encoding="utf-8")
            with open(self.path, "r+b") as fh:
                fh.truncate(self._complete)     # drops only an interrupted last line (see read_results)
                if self._complete:
                    fh.seek(self._complete - 1)
                    if fh.read(1) != b"\n":
                        fh.write(b"\n")
            return open(self.path, "a", encoding="utf-8")
        except OSError as exc:
            raise InputError(f"cannot write results file {self.path}: {exc.strerror or exc}") from None

    def append(self, row: dict) -> None:
        line = json.dumps(row, ensure_ascii=False, default=str) + "\n"
        if self.path is not None:
            if self._fh is None:
                self._fh = self._open()
            try:
                self._fh.write(line)
                self._fh.flush()
            except OSError as exc:      # a full disk, a special file that takes no rows
                raise InputError(f"cannot write results file {self.path}: {exc.strerror or exc}") from None
        self.rows.append(row)

    def close(self) -> None:
        fh, self._fh = self._fh, None
        try:
            if fh is not None:
                fh.close()
        except OSError as exc:          # the last rows could not be flushed (a full disk)
            raise InputError(f"cannot write results file {self.path}: {exc.strerror or exc}") from None
        finally:
            if self._lock is not None:
                self._lock.release()
                self._lock = None

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.close()

"""One writer per results file: ``kgsparql eval --out FILE`` holds an exclusive ``flock`` on FILE for
the whole run, so a second run on the same file is refused at once instead of interleaving lines."""
from __future__ import annotations

import fcntl
import os
from pathlib import Path

from ..errors import InputError

__all__ = ["FileLock"]


class FileLock:
    """Opens (creating if missing) and locks ``path``; ``release`` removes a file this lock created
    if nothing was written to it, so a run that fails early leaves no empty results file behind."""

    def __init__(self, path: Path):
        self.path = path
        self._created = not path.exists()
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            self._fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as exc:
            raise InputError(f"cannot write results file {path}: {exc.strerror or exc}") from None
        try:
            fcntl.flock(self._fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            same = os.path.exists(path) and os.fstat(self._fd).st_ino == os.stat(path).st_ino
        except BlockingIOError:
            same = False
        if not same:        # held by another run, or removed by one that just finished
            os.close(self._fd)
            self._fd = None
            raise InputError(f"{path} is in use by another kgsparql eval run: wait for it to finish "
                             "or choose another --out")

    def release(self) -> None:
        if self._fd is None:
            return
        if self._created and os.fstat(self._fd).st_size == 0:
            self.path.unlink(missing_ok=True)
        os.close(self._fd)      # closing the descriptor releases the lock
        self._fd = None

"""Where ``kgsparql load`` writes: the ``--store`` directory checked (new, empty, or an Oxigraph
store; anything else refused untouched), and the hidden sibling a new store is built in, with the
leftovers of killed loads cleared."""
from __future__ import annotations

import os
import shutil
from pathlib import Path

from ..errors import InputError

__all__ = ["check_target", "building_dir"]


def check_target(target: Path) -> bool:
    """True when ``target`` is missing or an empty directory (a new store is built), False when it
    is a store; anything else (a file, a device, a folder of other files) is refused untouched."""
    if target.exists() and not target.is_dir():
        raise InputError(f"--store {target} exists and is not a directory")
    try:
        entries = {p.name for p in target.iterdir()} if target.exists() else set()
    except OSError as exc:
        raise InputError(f"--store {target}: cannot read the directory ({exc.strerror or exc})") from None
    if entries and not {"CURRENT", "IDENTITY"} <= entries:
        raise InputError(f"--store {target} is a directory of other files, not an Oxigraph store: "
                         "name a new or empty directory, or an existing store")
    return not entries


def building_dir(target: Path) -> Path:
    """Where a new store is built: a hidden sibling of ``target``. Leftovers of killed loads (their
    process gone) are removed first."""
    for old in target.parent.glob(f".{target.name}.loading-*") if target.parent.exists() else ():
        pid = old.name.rsplit("-", 1)[-1]
        if pid.isdigit() and not _alive(int(pid)):
            shutil.rmtree(old, ignore_errors=True)
    return target.parent / f".{target.name}.loading-{os.getpid()}"


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True

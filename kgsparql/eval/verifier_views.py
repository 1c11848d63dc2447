"""The rule path's view of each training claim (``verify.view.rule_view``), written as one JSON
line per claim as it goes, so that ``kgsparql train verifier`` resumes where it stopped and refits
in seconds once every claim has been verified. A file holds the views of one store and one version
of the rule path: its name carries a checksum of both, so a change of either starts a new file."""
from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Callable, Iterable

__all__ = ["ViewCache", "rule_path_checksum"]

# the verdict head's own modules: they read views, they do not change them
_NOT_RULES = {"features.py", "head.py", "head_network.py", "head_pair.py", "__init__.py"}


def rule_path_checksum() -> str:
    """A checksum of the rule path's source (``kgsparql/verify``), short."""
    folder = Path(__file__).resolve().parent.parent / "verify"
    h = hashlib.sha256()
    for path in sorted(folder.glob("*.py")):
        if path.name not in _NOT_RULES:
            h.update(path.name.encode() + b"\0" + path.read_bytes())
    return h.hexdigest()[:12]


class ViewCache:
    """``<folder>/<name>-<checksum>.jsonl``: ``{"id", "view"}`` per claim."""

    def __init__(self, folder: Path, name: str, store_checksum: str):
        key = hashlib.sha256(f"{store_checksum}\0{rule_path_checksum()}".encode()).hexdigest()[:12]
        self.path = Path(folder) / f"{name}-{key}.jsonl"
        self.views: dict[str, dict] = {}
        if self.path.is_file():
            for line in self.path.read_text(encoding="utf-8").splitlines():
                try:
                    row = json.loads(line)
                except json.JSONDecodeError:       # a line cut short when a run was stopped
                    continue
                self.views[row["id"]] = row["view"]

    def fill(self, items: Iterable, verify: Callable[[str], dict], log=lambda s: None, every: int = 250) -> None:
        """The views of ``items`` (each with ``id`` and ``claim``) not stored yet, verified and appended."""
        todo = [c for c in items if c.id not in self.views]
        if not todo:
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with open(self.path, "a", encoding="utf-8") as fh:
            for n, c in enumerate(todo, 1):
                view = verify(c.claim)
                self.views[c.id] = view
                fh.write(json.dumps({"id": c.id, "view": view}, ensure_ascii=False) + "\n")
                fh.flush()
                if n % every == 0:
                    log(f"  {n}/{len(todo)} claims verified ({len(self.views)} stored in {self.path.name})")

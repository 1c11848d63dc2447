"""Relation descriptions: LLM-written once per KG and cached, the verbalised name as the fallback."""
from __future__ import annotations

import hashlib
import json
from pathlib import Path as FilePath

from ...llm import run_prompt
from ...types import Relation

__all__ = ["Descriptions"]


class Descriptions:
    """Relation -> description. With ``llm`` and ``enabled``, the LLM describes each relation once
    (prompt ``kgfr/describe``); descriptions are kept in ``cache_file`` (one JSON per KG) and reused.
    The verbalised name is the fallback, and the only source with ``--llm none``."""

    def __init__(self, verbalize, llm=None, enabled: bool = False, cache_file: FilePath | None = None):
        self.verbalize, self.llm, self.enabled, self.cache_file = verbalize, llm, enabled, cache_file
        self._known: dict[str, str] = self._read()

    def __call__(self, relation: Relation) -> str:
        name = self.verbalize(relation)
        if not (self.enabled and self.llm is not None):
            return name
        if name not in self._known:
            step = run_prompt(self.llm, "kgfr/describe", fallback=name, relation=name)
            self._known[name] = step.value
            self._write()
        return self._known[name]

    def _read(self) -> dict[str, str]:
        if self.cache_file and self.cache_file.is_file():
            try:
                return dict(json.loads(self.cache_file.read_text("utf-8")))
            except (ValueError, OSError):
                return {}
        return {}

    def _write(self) -> None:
        if self.cache_file:
            self.cache_file.parent.mkdir(parents=True, exist_ok=True)
            self.cache_file.write_text(json.dumps(self._known, ensure_ascii=False, indent=0), "utf-8")

    @staticmethod
    def cache_path(home: FilePath, kg_id: str, model: str) -> FilePath:
        digest = hashlib.sha256(f"{kg_id}|{model}".encode()).hexdigest()[:16]
        return home / "cache" / "kgfr" / f"descriptions-{digest}.json"

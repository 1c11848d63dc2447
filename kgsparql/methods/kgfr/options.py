"""KGFR building blocks: the validated options, relation descriptions (LLM-written once per KG and
cached, verbalised names as the fallback), and the three retrieval interfaces over a scored
subgraph (node-level candidates, edge-level facts, path-level shortest paths)."""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path as FilePath
from typing import Sequence

from ..errors import ConfigError
from ..llm import run_prompt
from ..retrieval import Subgraph, shortest_paths
from ..types import Entity, Path, Relation, Triple

__all__ = ["KgfrOptions", "Descriptions", "Levels", "interfaces"]


@dataclass(frozen=True)
class KgfrOptions:
    """``[plugins.kgfr]`` (docs/methods/kgfr.md)."""

    hops: int = 3                 # propagation rounds from the topic entities
    lam: int = 100                # fan-out above which a relation only reaches already-reached entities
    max_frontier: int = 2000      # entities expanded per hop
    top_k: int = 10               # node-level candidates
    top_n: int = 20               # edge-level facts around the candidates
    top_paths: int = 8            # path-level shortest paths from candidates to the topics
    rounds: int = 3               # LLM answer + reflection rounds at most
    sibling_damping: float = 0.8  # score kept by a chain that never returns, for "which other ..." questions
    min_score: float = 0.6        # abstain below this chain score when the question names KG relations
    describe_relations: bool = False   # let the LLM write relation descriptions (once per KG, cached)

    def __post_init__(self) -> None:
        if not 1 <= self.hops <= 4:
            raise ConfigError("hops must be between 1 and 4")
        if not 1 <= self.rounds <= 3:
            raise ConfigError("rounds must be between 1 and 3")
        for name in ("lam", "max_frontier", "top_k", "top_n", "top_paths"):
            if getattr(self, name) < 1:
                raise ConfigError(f"{name} must be at least 1")
        if not 0 <= self.sibling_damping <= 1 or not 0 <= self.min_score <= 1:
            raise ConfigError("sibling_damping and min_score must be in [0, 1]")


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


@dataclass(frozen=True)
class Levels:
    """What the LLM reads: node-level candidates (best first), edge-level facts around them, and
    path-level shortest paths from the candidates back to the topic entities."""

    nodes: tuple[Entity, ...]
    facts: tuple[Triple, ...]
    paths: tuple[Path, ...]


def interfaces(sub: Subgraph, topics: Sequence[Entity], ranked_nodes: Sequence[Entity],
               relation_score, top_k: int, top_n: int, top_paths: int) -> Levels:
    """The three interfaces over the scored subgraph; ``relation_score(relation)`` orders the facts."""
    nodes = tuple(ranked_nodes[:top_k])
    facts: dict[Triple, float] = {}
    for node in nodes:
        for t in sub.neighbours(node):
            facts.setdefault(t, relation_score(t.relation))
    top_facts = sorted(facts, key=lambda t: (-facts[t], t.head.name, t.tail.name))[:top_n]
    paths = shortest_paths(sub, list(topics), targets=nodes, max_len=4, per_target=2)
    order = {n: i for i, n in enumerate(nodes)}
    paths.sort(key=lambda p: (order.get(p.end, len(order)), len(p)))
    return Levels(nodes, tuple(top_facts), tuple(paths[:top_paths]))

"""KG-RAG's options: ``[methods.kgrag]`` (docs/methods/kgrag.md)."""
from __future__ import annotations

from dataclasses import dataclass

from ...errors import ConfigError

__all__ = ["KgragOptions"]


@dataclass(frozen=True)
class KgragOptions:
    """``[methods.kgrag]`` (docs/methods/kgrag.md)."""

    hops: int = 1                 # N: candidate triples within N hops of the current entities
    top_k: int = 30               # K: ranked triples put into the sub-question prompt
    fanout_cap: int = 100         # triples fetched per relation and hop
    frontier_cap: int = 50        # current entities expanded per hop
    max_candidates: int = 600     # triples ranked per sub-question
    max_sub_questions: int = 4    # longer decompositions are cut
    answer_cap: int = 10_000      # answers kept per sub-question
    names_in_rewrite: int = 3     # answer names written into the next sub-question
    answerer: str = "kelgop"      # the LLM-free answerer (finds the relation chain): the default method

    def __post_init__(self) -> None:
        if not 1 <= self.hops <= 3:
            raise ConfigError("hops must be 1, 2 or 3")
        for name in ("top_k", "fanout_cap", "frontier_cap", "max_candidates", "max_sub_questions",
                     "answer_cap", "names_in_rewrite"):
            if getattr(self, name) < 1:
                raise ConfigError(f"{name} must be at least 1")
        if self.answerer == "kgrag":
            raise ConfigError("answerer cannot be kgrag itself")

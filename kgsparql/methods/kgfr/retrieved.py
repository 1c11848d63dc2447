"""What one KGFR retrieval found (``Retrieved``): built by ``KGFR._retrieve``, read by the decision
(``decision.py``) and the LLM steps (``llm_steps.py``)."""
from __future__ import annotations

from dataclasses import dataclass, field

from ...retrieval import Subgraph
from ..shared_chains import QuestionPrior
from .interfaces import Levels

__all__ = ["Retrieved"]


@dataclass
class Retrieved:
    """What one retrieval found for a question: its topics, the propagated subgraph, the chains
    ranked (``ChainScore``, best first) with their ends, the three interfaces' levels, the answers
    and the plan."""

    topics: list
    masked: str
    sub: Subgraph
    ranking: list                       # ChainScore, best first
    ends: dict                          # chain -> end entities
    levels: Levels = None               # type: ignore[assignment]
    answers: tuple = ()
    plan: dict = field(default_factory=dict)
    trained: dict = field(default_factory=dict)     # chain -> the shared trained scorer's confidence
    prior: QuestionPrior = field(default_factory=QuestionPrior)     # the default method's chain prior

"""The Method protocol. A method is constructed once with everything it needs (KG, LLM, settings)
and then called with data only."""
from __future__ import annotations

from typing import Protocol, runtime_checkable

from ..config import Settings
from ..registry import load_plugin
from ..types import Answer

__all__ = ["Method", "build_method"]


@runtime_checkable
class Method(Protocol):
    name: str

    def answer(self, question: str, *, id: str | None = None) -> Answer:
        """Answer one question. ``Answer.stats`` is filled by the caller's ``stats.collect()``."""
        ...


def build_method(kg, settings: Settings, llm=None) -> Method:
    """Instantiate the configured method: ``cls(kg, settings=settings, llm=llm)``."""
    cls = load_plugin("method", settings.method)
    if llm is None:
        from ..llm import build_llm  # the LLM layer owns spec parsing ("none", "llama", "openai:M")

        llm = build_llm(settings)
    return cls(kg, settings=settings, llm=llm)

"""``KGSession``, the base of ``Asker`` and ``Verifier``, and ``with_measured_stats``, the one way
their plugins' results get their stats."""
from __future__ import annotations

import dataclasses
from typing import Any

from .config import Settings
from .endpoints.cache import memo
from .kg import KnowledgeGraph
from .loaded_models import Models
from .methods.own_topic import without_own_topic
from .stats import collect
from .types import Answer

__all__ = ["KGSession", "with_measured_stats", "answer_with_stats"]


def with_measured_stats(call, text: str, id: str | None = None):
    """``call(text, id=id)`` (a method's ``answer`` or a verifier's ``verify``) with a fresh accumulator;
    the measured stats (SPARQL, LLM, seconds) come first and win over anything the plugin reported."""
    with collect() as st, memo():
        result = call(text, id=id)
    measured = st.to_json()
    stats = {**measured, **{k: v for k, v in result.stats.items() if k not in measured}}
    return dataclasses.replace(result, stats=stats, id=id if id is not None else result.id)


def answer_with_stats(method, question: str, id: str | None = None) -> Answer:
    """``method.answer`` with measured stats; the question's own topic is never an answer unless it is
    asked for (``methods.own_topic``)."""
    walks = getattr(getattr(method, "ctx", None), "walks", "revisit")
    return with_measured_stats(lambda q, id: without_own_topic(method.answer(q, id=id), walks), question, id)


class KGSession:
    """What ``Asker`` and ``Verifier`` share: the settings (or KG flags), one KG, the loaded models,
    the LLM (``llm=`` a loaded backend, or a spec such as ``"none"`` or ``"llama"``), the plugin built
    once on them, one ``close`` and the context manager. Pass ``kg=`` or ``models=`` to share them;
    whoever made them closes them."""

    def __init__(self, settings: Settings | None, kg: KnowledgeGraph | None, llm, models: Models | None,
                 flags: dict[str, Any], build):
        if isinstance(llm, str):
            flags["llm"], llm = llm, None
        self.settings = settings or Settings.load(flags=flags)
        self._owns_models = models is None
        self.models = models if models is not None else Models()
        self._owns_kg = kg is None
        self.kg = kg or KnowledgeGraph.from_settings(self.settings, self.models)
        try:
            self.method = build(self.kg, self.settings, llm, self.models)
        except BaseException:
            self.close()
            raise

    def close(self) -> None:
        if self._owns_kg:
            self.kg.close()
        if self._owns_models:
            self.models.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.close()

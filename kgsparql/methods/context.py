"""``MethodContext``: everything a method stands on, built once by ``build_method``.

A method is constructed as ``Method(ctx)`` and queries the KG only through ``ctx.adapter`` (retrieval
steps; ``ctx.adapter.endpoint`` is there to key caches, as kgfr does) and ``ctx.linker`` (entity
linking), ranks with ``ctx.ranker(name)`` (created on first use and shared with the linker and every
other method of the context), calls ``ctx.llm`` (None with ``--llm none``: every LLM step then runs
its fallback), and reads its own validated options from ``ctx.options``. Loaded models live in ``ctx.models``."""
from __future__ import annotations

from dataclasses import dataclass

from ..adapters.base import Adapter
from ..linking import EntityLinker
from ..llm import LLM
from ..rank.base import Ranker, Rankers
from ..registry import PluginContext, create
from .abstention import RelationMatch

__all__ = ["MethodContext"]


@dataclass(frozen=True, kw_only=True)
class MethodContext(PluginContext):
    adapter: Adapter                 # the KG's retrieval steps (SPARQL templates)
    linker: EntityLinker             # question -> mentions -> candidate entities
    rankers: Rankers                 # rankers by name, shared
    llm: LLM | None = None           # an LLM backend, or None for --llm none
    abstention: RelationMatch | None = None   # does the chain found match the question?

    @property
    def walks(self) -> str:
        """The answer convention (``settings.walks``): ``simple`` paths, walks that may ``revisit``
        nodes (the topic is never an answer), or walks that may ``return`` to the topic."""
        return self.settings.walks

    def ranker(self, name: str) -> Ranker:
        return self.rankers.get(name)

    @property
    def encoder(self):
        """The sentence encoder (the ``embedding`` ranker: ``.embed(texts)`` and ``.rank``)."""
        return self.rankers.get("embedding")

    def warm_encoder(self):
        """The sentence encoder, loaded now: at construction, not inside the first question's time."""
        encoder = self.encoder
        encoder.embed(["load the model now"])
        return encoder

    def method(self, name: str):
        """Another registered method on this same context (its own options, the same KG, models,
        rankers and LLM): how a planner delegates simple questions to an answerer."""
        return create("method", name, self.settings, context=MethodContext, models=self.models,
                      adapter=self.adapter, linker=self.linker, rankers=self.rankers, llm=self.llm,
                      abstention=self.abstention)

"""``none``: no language model. ``build_llm`` returns ``None`` for it, and every prompt step then
runs its LLM-free fallback (``run_prompt`` never calls anything)."""
from __future__ import annotations

__all__ = ["NoLLM"]


class NoLLM:
    """No language model: every step runs its LLM-free fallback."""

    def __init__(self, ctx=None) -> None:   # registered so that `--llm none` is listed; never used
        raise TypeError("--llm none is not a model: build_llm returns None for it")

"""``none``: no language model. ``build_llm`` returns ``None`` for it, and every prompt step then
runs its LLM-free fallback (``run_prompt`` never calls anything)."""
from __future__ import annotations

__all__ = ["NoLLM"]


class NoLLM:
    """Registered as ``none`` so ``--llm none`` is listed with the other backends."""

    @classmethod
    def from_spec(cls, arg: str | None, settings) -> None:
        return None

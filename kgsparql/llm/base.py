"""The LLM protocol and the base class every backend builds on.

A backend subclasses ``BaseLLM`` and implements ``_generate`` (and ``count_tokens``); ``complete``
does the rest for every backend: argument checks, timing, accounting (``stats.record_llm``) and the
optional JSONL trace (``settings.trace``)."""
from __future__ import annotations

import json
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol, Union, runtime_checkable

from .. import stats
from ..errors import LLMError
from ..registry import PluginContext

__all__ = ["Completion", "LLM", "BaseLLM", "LLMContext", "Prompt", "Message", "flatten_messages"]

Message = dict                        # {"role": "system" | "user" | "assistant", "content": str}
Prompt = Union[str, list]             # raw text (completion) or a list of chat messages

_TRACE_LOCK = threading.Lock()
CHAT_OVERHEAD_TOKENS = 8              # per message: role markers of a chat template, a safe upper bound


@dataclass(frozen=True)
class Completion:
    text: str
    prompt_tokens: int
    completion_tokens: int
    seconds: float
    model: str


@dataclass(frozen=True, kw_only=True)
class LLMContext(PluginContext):
    """An LLM backend's context: ``model`` is what follows the colon in ``--llm NAME:MODEL``."""

    model: str | None = None


@runtime_checkable
class LLM(Protocol):
    """What methods and ``run_prompt`` rely on."""

    model: str
    context_length: int               # tokens the model sees: prompt + completion
    max_tokens: int                   # default completion budget per call
    is_chat: bool                     # understands chat messages (has a chat template / endpoint)
    few_shot: bool                    # prompts should use the raw few-shot variant

    def complete(self, prompt: Prompt, *, prompt_name: str, max_tokens: int | None = None,
                 stop: list[str] | None = None) -> Completion: ...

    def count_tokens(self, text: str) -> int: ...


def flatten_messages(messages: list[Message]) -> str:
    """Chat messages as plain text, for a model without a chat template."""
    return "\n\n".join(m["content"].strip() for m in messages) + "\n"


class BaseLLM:
    """Shared behaviour; subclasses set the capability attributes and implement ``_generate``."""

    model: str = "unknown"
    context_length: int = 2048
    max_tokens: int = 128
    is_chat: bool = False
    few_shot: bool = True
    temperature: float = 0.0
    trace_path: Path | None = None

    def _configure(self, settings) -> None:
        """Take the generic LLM settings (``llm_context``, ``llm_max_tokens``, ``llm_temperature``,
        ``trace``); called by subclasses' constructors."""
        self.context_length = settings.llm_context
        self.max_tokens = settings.llm_max_tokens
        self.temperature = settings.llm_temperature
        self.trace_path = Path(settings.trace) if settings.trace else None

    # --- to implement -------------------------------------------------------------------------
    def _generate(self, prompt: Prompt, max_tokens: int, stop: list[str]) -> tuple[str, int, int]:
        """Return ``(text, prompt_tokens, completion_tokens)``."""
        raise NotImplementedError

    def count_tokens(self, text: str) -> int:
        raise NotImplementedError

    # --- shared -------------------------------------------------------------------------------
    def prompt_tokens(self, prompt: Prompt) -> int:
        """Tokens a prompt will take (chat messages include a per-message allowance)."""
        if isinstance(prompt, str):
            return self.count_tokens(prompt)
        return sum(self.count_tokens(m["content"]) + CHAT_OVERHEAD_TOKENS for m in prompt)

    def complete(self, prompt: Prompt, *, prompt_name: str, max_tokens: int | None = None,
                 stop: list[str] | None = None) -> Completion:
        prompt = _checked(prompt)
        if isinstance(prompt, list) and not self.is_chat:
            prompt = flatten_messages(prompt)
        budget = self.max_tokens if max_tokens is None else max_tokens
        if budget < 1:
            raise LLMError(f"max_tokens must be at least 1, not {budget}")
        t0 = time.perf_counter()
        try:
            text, n_prompt, n_completion = self._generate(prompt, budget, list(stop or []))
        except LLMError as exc:
            self._trace({"prompt_name": prompt_name, "prompt": prompt, "error": str(exc)})
            raise
        seconds = time.perf_counter() - t0
        stats.record_llm(prompt_name, n_prompt, n_completion, seconds)
        self._trace({"prompt_name": prompt_name, "model": self.model, "prompt": prompt,
                     "completion": text, "prompt_tokens": n_prompt,
                     "completion_tokens": n_completion, "seconds": round(seconds, 6)})
        return Completion(text, n_prompt, n_completion, seconds, self.model)

    def _trace(self, record: dict) -> None:
        if self.trace_path is None:
            return
        line = json.dumps(record, ensure_ascii=False)
        try:
            with _TRACE_LOCK, self.trace_path.open("a", encoding="utf-8") as fh:
                fh.write(line + "\n")
        except OSError as exc:
            raise LLMError(f"cannot write the LLM trace {self.trace_path}: {exc.strerror or exc}") from None

    def __repr__(self) -> str:
        return f"{type(self).__name__}(model={self.model!r}, context_length={self.context_length})"


def _checked(prompt: Prompt) -> Prompt:
    if isinstance(prompt, str):
        return prompt
    if isinstance(prompt, list) and prompt and all(
            isinstance(m, dict) and isinstance(m.get("content"), str) and m.get("role") for m in prompt):
        return [{"role": m["role"], "content": m["content"]} for m in prompt]
    raise LLMError("a prompt is a string or a non-empty list of {role, content} messages")

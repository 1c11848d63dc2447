"""``scripted``: replays prepared outputs in order. For tests and demos of parsers and control flow.

    ScriptedLLM.replying(["William Dieterle", "garbage"])  # from Python
    --llm scripted:replies.json                             # a JSON list of strings, or
                                                            # {"outputs": [...], "few_shot": true}
Tokens are counted by whitespace. An ``Exception`` instance in a Python list is raised when its
turn comes (to test how callers handle LLM errors)."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Sequence

from ..errors import ConfigError, LLMError
from .base import BaseLLM, LLMContext, Prompt

__all__ = ["ScriptedLLM"]


class ScriptedLLM(BaseLLM):
    """Replays prepared outputs in order (for tests and demos of parsers and control flow)."""

    def __init__(self, ctx: LLMContext) -> None:
        if not ctx.model:
            raise ConfigError("--llm scripted needs a file: scripted:FILE.json")
        path = Path(ctx.model).expanduser()
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise ConfigError(f"scripted LLM file not found: {path}") from None
        except (OSError, ValueError) as exc:
            raise ConfigError(f"cannot read scripted LLM file {path}: {exc}") from None
        options = data if isinstance(data, dict) else {"outputs": data}
        self._setup(options.get("outputs", []), ctx.settings, f"scripted:{path.name}",
                    bool(options.get("is_chat", True)), bool(options.get("few_shot", False)))

    @classmethod
    def replying(cls, outputs: Sequence[str | BaseException], *, settings=None, model: str = "scripted",
                 is_chat: bool = True, few_shot: bool = False, context_length: int | None = None,
                 max_tokens: int | None = None) -> "ScriptedLLM":
        """A scripted LLM built in Python: ``ScriptedLLM.replying(["William Dieterle", "garbage"])``."""
        llm = cls.__new__(cls)
        llm._setup(outputs, settings, model, is_chat, few_shot)
        llm.context_length = context_length or llm.context_length
        llm.max_tokens = max_tokens or llm.max_tokens
        return llm

    def _setup(self, outputs, settings, model: str, is_chat: bool, few_shot: bool) -> None:
        if isinstance(outputs, (str, bytes)) or not all(isinstance(o, (str, BaseException)) for o in outputs):
            raise ConfigError("scripted LLM outputs must be a list of strings")
        if settings is not None:
            self._configure(settings)
        self.outputs = list(outputs)
        self.model, self.is_chat, self.few_shot = model, is_chat, few_shot
        self.calls: list[dict[str, Any]] = []     # what was asked, for assertions

    @property
    def remaining(self) -> int:
        return len(self.outputs) - len(self.calls)

    def count_tokens(self, text: str) -> int:
        return len(text.split())

    def _generate(self, prompt: Prompt, max_tokens: int, stop: list[str]) -> tuple[str, int, int]:
        turn = len(self.calls)
        self.calls.append({"prompt": prompt, "max_tokens": max_tokens, "stop": stop})
        if turn >= len(self.outputs):
            raise LLMError(f"scripted LLM ran out of outputs ({len(self.outputs)} given)")
        out = self.outputs[turn]
        if isinstance(out, BaseException):
            raise out
        text = _cut(out, stop)
        return text, self.prompt_tokens(prompt), self.count_tokens(text)


def _cut(text: str, stop: list[str]) -> str:
    """Like a real server: the completion ends before the first stop sequence."""
    cut = min((text.find(s) for s in stop if s and s in text), default=len(text))
    return text[:cut]

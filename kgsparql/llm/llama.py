"""``llama``: a local GGUF model through llama-cpp-python, loaded once per process.

    --llm llama                    the default packaged model (see docs/llm.md for why)
    --llm llama:smollm2-135m       the other packaged model
    --llm llama:/path/model.gguf   any GGUF file

Options in ``[llms.llama]``: ``mode`` = ``auto`` (few-shot for models without a chat template,
chat otherwise) | ``chat`` | ``few_shot``; ``n_threads`` (default 2); ``seed`` (default 0). A model
is loaded once per ``Models`` (the context's), keyed by file, context length, threads and seed."""
from __future__ import annotations

import atexit
import os
import re
import sys
import threading
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator, Literal

from ..errors import ConfigError, LLMError, LLMUnavailable, PromptTooLong
from .base import BaseLLM, LLMContext, Prompt
from .model_files import resolve_model

__all__ = ["LlamaLLM"]

_TOO_LONG = re.compile(r"exceed context window", re.I)


class LlamaLLM(BaseLLM):
    """A local GGUF model through llama-cpp-python (default: the packaged Gemma 3 270M)."""

    @dataclass(frozen=True)
    class Options:
        mode: Literal["auto", "chat", "few_shot"] = "auto"   # auto: few-shot without a chat template
        n_threads: int = 2
        seed: int = 0

        def __post_init__(self) -> None:
            if self.n_threads < 1 or self.seed < 0:
                raise ConfigError("need n_threads >= 1 and seed >= 0")

    def __init__(self, ctx: LLMContext) -> None:
        settings, opts = ctx.settings, ctx.options or self.Options()
        self._configure(settings)
        self.path = resolve_model(ctx.model, settings.home_path)
        key = ("llama", str(self.path.resolve()), self.context_length, opts.n_threads, opts.seed)
        self._llama, self._lock = ctx.models.load(
            key, lambda: _load(self.path, self.context_length, opts.n_threads, opts.seed))
        self.model = self.path.stem
        self.context_length = self._llama.n_ctx()
        self.has_template = "tokenizer.chat_template" in (self._llama.metadata or {})
        self.is_chat = self.has_template
        self.few_shot = opts.mode == "few_shot" or (opts.mode == "auto" and not self.has_template)

    def count_tokens(self, text: str) -> int:
        return len(self._llama.tokenize(text.encode("utf-8"), add_bos=False, special=False))

    def prompt_tokens(self, prompt: Prompt) -> int:
        if isinstance(prompt, str):       # exactly what create_completion will evaluate (BOS included)
            return len(self._llama.tokenize(prompt.encode("utf-8"), add_bos=True, special=False))
        return super().prompt_tokens(prompt)

    def _generate(self, prompt: Prompt, max_tokens: int, stop: list[str]) -> tuple[str, int, int]:
        opts = {"max_tokens": max_tokens, "temperature": self.temperature, "stop": stop}
        try:
            with self._lock:
                if isinstance(prompt, str):
                    out = self._llama.create_completion(prompt, **opts)
                    text = out["choices"][0]["text"]
                else:
                    out = self._llama.create_chat_completion(messages=prompt, **opts)
                    text = out["choices"][0]["message"]["content"] or ""
        except ValueError as exc:
            if _TOO_LONG.search(str(exc)):
                raise PromptTooLong(f"{self.model}: {exc}") from None
            raise LLMError(f"{self.model}: {exc}") from None
        except RuntimeError as exc:
            raise LLMError(f"{self.model}: llama.cpp failed: {exc}") from None
        usage = out.get("usage") or {}
        return text, int(usage.get("prompt_tokens", 0)), int(usage.get("completion_tokens", 0))


class _Loaded(tuple):
    """(model, lock) as kept in ``Models``; ``close()`` frees the model's memory."""

    def close(self) -> None:
        close = getattr(self[0], "close", None)
        if close is not None:
            close()


def _load(path: Path, n_ctx: int, n_threads: int, seed: int) -> _Loaded:
    """Load one GGUF model (the slow part, done once per ``Models``)."""
    try:
        from llama_cpp import Llama
    except ImportError:
        raise LLMUnavailable("the llama backend needs llama-cpp-python: pip install 'kgsparql[llama]'") from None
    try:
        with _quiet_stderr():   # llama.cpp prints load notes from C even with verbose=False
            model = Llama(model_path=str(path), n_ctx=n_ctx, n_threads=n_threads, seed=seed, verbose=False)
    except (ValueError, RuntimeError, OSError) as exc:
        raise LLMUnavailable(f"cannot load model {path}: {str(exc).splitlines()[0]}") from None
    loaded = _Loaded((model, threading.Lock()))
    atexit.register(loaded.close)   # free it while the interpreter is whole (llama.cpp's __del__ fails at teardown)
    return loaded


@contextmanager
def _quiet_stderr() -> Iterator[None]:
    """Silence file descriptor 2 (where C code writes) for the duration."""
    try:
        sys.stderr.flush()
        saved = os.dup(2)
    except (OSError, ValueError):
        yield
        return
    try:
        with open(os.devnull, "w") as devnull:
            os.dup2(devnull.fileno(), 2)
            yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)

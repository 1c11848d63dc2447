"""``llama``: a local GGUF model through llama-cpp-python, loaded once per process.

    --llm llama                    the default packaged model (see docs/llm.md for why)
    --llm llama:smollm2-135m       the other packaged model
    --llm llama:/path/model.gguf   any GGUF file

Options in ``[plugins.llama]``: ``mode`` = ``auto`` (few-shot for models without a chat template,
chat otherwise) | ``chat`` | ``few_shot``; ``n_threads`` (default 2); ``seed`` (default 0)."""
from __future__ import annotations

import atexit
import os
import re
import sys
import threading
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

from ..errors import ConfigError, LLMError, LLMUnavailable, PromptTooLong
from .base import BaseLLM, Prompt
from .models import resolve_model

__all__ = ["LlamaLLM"]

_MODES = ("auto", "chat", "few_shot")
_CACHE: dict[tuple[str, int, int, int], tuple[Any, threading.Lock]] = {}
_CACHE_LOCK = threading.Lock()
_TOO_LONG = re.compile(r"exceed context window", re.I)


class LlamaLLM(BaseLLM):
    def __init__(self, model_path: str | Path, *, settings) -> None:
        self._configure(settings)
        opts = dict(settings.plugin("llama"))
        mode = opts.get("mode", "auto")
        if mode not in _MODES:
            raise ConfigError(f"plugins.llama.mode must be one of {', '.join(_MODES)}, not {mode!r}")
        n_threads, seed = _positive_int(opts, "n_threads", 2), _positive_int(opts, "seed", 0, minimum=0)
        self.path = Path(model_path)
        self._llama, self._lock = _load(self.path, self.context_length, n_threads, seed)
        self.model = self.path.stem
        self.context_length = self._llama.n_ctx()
        self.has_template = "tokenizer.chat_template" in (self._llama.metadata or {})
        self.is_chat = self.has_template
        self.few_shot = mode == "few_shot" or (mode == "auto" and not self.has_template)

    @classmethod
    def from_spec(cls, arg: str | None, settings) -> "LlamaLLM":
        return cls(resolve_model(arg, settings.home_path), settings=settings)

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


def _positive_int(opts: dict, key: str, default: int, minimum: int = 1) -> int:
    value = opts.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool) or value < minimum:
        raise ConfigError(f"plugins.llama.{key} must be an integer >= {minimum}, not {value!r}")
    return value


def _load(path: Path, n_ctx: int, n_threads: int, seed: int) -> tuple[Any, threading.Lock]:
    """One ``Llama`` per (file, context, threads, seed) per process; loading is the slow part."""
    key = (str(path.resolve()), n_ctx, n_threads, seed)
    with _CACHE_LOCK:
        if key not in _CACHE:
            try:
                from llama_cpp import Llama
            except ImportError:
                raise LLMUnavailable("the llama backend needs llama-cpp-python: pip install 'kgsparql[llama]'") from None
            try:
                with _quiet_stderr():   # llama.cpp prints load notes from C even with verbose=False
                    model = Llama(model_path=str(path), n_ctx=n_ctx, n_threads=n_threads, seed=seed, verbose=False)
            except (ValueError, RuntimeError, OSError) as exc:
                raise LLMUnavailable(f"cannot load model {path}: {str(exc).splitlines()[0]}") from None
            if not _CACHE:
                atexit.register(_close_all)
            _CACHE[key] = (model, threading.Lock())
        return _CACHE[key]


def _close_all() -> None:
    """Free the models while the interpreter is still whole (llama.cpp's __del__ fails at teardown)."""
    with _CACHE_LOCK:
        for model, _ in _CACHE.values():
            close = getattr(model, "close", None)
            if close is not None:
                close()
        _CACHE.clear()


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

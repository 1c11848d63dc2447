"""``openai``: any OpenAI-compatible server over plain HTTP (llama.cpp server, vLLM, Ollama,
OpenAI itself).

    --llm openai:MODEL --llm-base-url http://127.0.0.1:8080/v1

Chat prompts go to ``/chat/completions``, raw few-shot prompts to ``/completions``. The API key is
read from the environment variable *named* by ``llm_api_key_env`` (default ``OPENAI_API_KEY``);
it is optional (local servers need none), never taken from a flag, never logged or traced.
Options in ``[llms.openai]``: ``few_shot`` (default false: use the chat variants; true: the raw
few-shot variants through ``/completions``, for base models), ``chars_per_token`` (default 3.0, the
conservative estimate used to fit prompts, since the server's tokenizer is not available here)."""
from __future__ import annotations

import math
import os
import urllib.parse
from dataclasses import dataclass

from ..errors import ConfigError, LLMError
from .base import BaseLLM, LLMContext, Prompt
from .transport import Transport

__all__ = ["OpenAILLM", "normalise_base_url"]


class OpenAILLM(BaseLLM):
    """Any OpenAI-compatible server (llama.cpp server, vLLM, Ollama, OpenAI)."""

    is_chat = True

    @dataclass(frozen=True)
    class Options:
        few_shot: bool = False            # raw few-shot prompts through /completions (base models)
        chars_per_token: float = 3.0      # to fit prompts without the server's tokenizer

        def __post_init__(self) -> None:
            if self.chars_per_token <= 0:
                raise ConfigError("chars_per_token must be a positive number")

    def __init__(self, ctx: LLMContext) -> None:
        settings, opts = ctx.settings, ctx.options or self.Options()
        if not ctx.model:
            raise ConfigError("--llm openai needs a model name: openai:MODEL")
        if not settings.llm_base_url:
            raise ConfigError("--llm openai:MODEL needs --llm-base-url (e.g. http://127.0.0.1:8080/v1)")
        self._configure(settings)
        self.few_shot, self.chars_per_token = opts.few_shot, opts.chars_per_token
        self.model = ctx.model
        self.base_url = normalise_base_url(settings.llm_base_url)
        self.transport = Transport(self.base_url, settings.llm_timeout, settings.retries, settings.user_agent,
                                   settings.llm_api_key_env, os.environ.get(settings.llm_api_key_env) or None)

    def count_tokens(self, text: str) -> int:
        return math.ceil(len(text) / self.chars_per_token) if text else 0

    def _generate(self, prompt: Prompt, max_tokens: int, stop: list[str]) -> tuple[str, int, int]:
        body = {"model": self.model, "max_tokens": max_tokens, "temperature": self.temperature}
        if stop:
            body["stop"] = stop
        if isinstance(prompt, str):
            out = self.transport.post("completions", {**body, "prompt": prompt})
        else:
            out = self.transport.post("chat/completions", {**body, "messages": prompt})
        text = _text(out, self.base_url)
        usage = out.get("usage") if isinstance(out.get("usage"), dict) else {}
        n_prompt = usage.get("prompt_tokens")
        n_completion = usage.get("completion_tokens")
        return (text, int(n_prompt) if n_prompt is not None else self.prompt_tokens(prompt),
                int(n_completion) if n_completion is not None else self.count_tokens(text))


def normalise_base_url(url: str) -> str:
    """``http://host:8080`` → ``http://host:8080/v1``; a URL with a path is kept (without a final /)."""
    parts = urllib.parse.urlsplit(url.strip())
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise ConfigError(f"--llm-base-url must be an http(s) URL, not {url!r}")
    path = parts.path.rstrip("/") or "/v1"
    return urllib.parse.urlunsplit((parts.scheme, parts.netloc, path, "", ""))


def _text(out: dict, where: str) -> str:
    try:
        choice = out["choices"][0]
        text = choice["message"]["content"] if "message" in choice else choice["text"]
    except (KeyError, IndexError, TypeError):
        raise LLMError(f"LLM server {where}: the response has no choices[0] text") from None
    return text or ""

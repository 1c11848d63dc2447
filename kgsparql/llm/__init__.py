"""The LLM layer: backends behind one protocol, versioned prompts with parsers, context trimming,
and ``run_prompt`` (one LLM step with its fallback).

    llm = build_llm(settings)                     # None for --llm none
    step = run_prompt(llm, "frag/reason", fallback=answers, question=q,
                      paths=top_paths, candidates=[p.end for p in top_paths])
    step.value, step.source                       # parsed output or fallback; "llm" | "fallback"
"""
from __future__ import annotations

from ..errors import ConfigError
from ..loaded_models import Models
from ..registry import create
from .base import LLM, BaseLLM, Completion, LLMContext
from .evidence import verbalize_fact, verbalize_path, verbalize_paths
from .fitting import Fitted, fit_prompt
from .prompting import PromptTemplate, available_prompts, load_prompt
from .steps import StepResult, run_prompt

__all__ = ["LLM", "BaseLLM", "Completion", "LLMContext", "build_llm", "parse_spec", "run_prompt", "StepResult",
           "load_prompt", "available_prompts", "PromptTemplate", "fit_prompt", "Fitted",
           "verbalize_path", "verbalize_paths", "verbalize_fact"]


def parse_spec(spec: str) -> tuple[str, str | None]:
    """``"llama:/m.gguf"`` → ``("llama", "/m.gguf")``; ``"none"`` → ``("none", None)``."""
    name, sep, arg = (spec or "").strip().partition(":")
    if not name:
        raise ConfigError("--llm is empty: give none, llama[:MODEL.gguf], openai:MODEL or scripted:FILE.json")
    if sep and not arg.strip():
        raise ConfigError(f"--llm {spec!r}: nothing after the colon")
    return name.strip().lower(), (arg.strip() or None) if sep else None


def build_llm(settings, models: Models | None = None) -> LLM | None:
    """The backend ``settings.llm`` names, constructed (and validated) once as ``cls(LLMContext)``;
    ``None`` for ``none``. Unknown names raise ``PluginError`` listing the registered ones. A loaded
    model lives in ``models`` (pass one to share it)."""
    name, arg = parse_spec(settings.llm)
    if name == "none":
        if arg:
            raise ConfigError(f"--llm none takes no argument (got {arg!r})")
        return None
    return create("llm", name, settings, context=LLMContext, models=models, model=arg)

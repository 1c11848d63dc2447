"""``run_prompt``: one LLM step with its fallback. Render (trimmed to fit), call, parse; when the
model's output does not parse, count a parse failure and return the caller's fallback instead."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Generic, Literal, TypeVar

from .. import stats
from ..errors import ParseError
from .fitting import fit_prompt
from .prompting import load_prompt

__all__ = ["StepResult", "run_prompt"]

T = TypeVar("T")


@dataclass(frozen=True)
class StepResult(Generic[T]):
    value: T                                   # the parsed output, or the fallback
    source: Literal["llm", "fallback"]         # which one ran
    raw: str = ""                              # the model's text ("" when no model ran)
    error: str | None = None                   # why the fallback was used (parse failure), else None
    kept: int | None = None                    # evidence items the prompt kept after trimming

    @property
    def from_llm(self) -> bool:
        return self.source == "llm"


def run_prompt(llm, name: str, /, fallback: T, **variables: Any) -> StepResult[T]:
    """Run prompt ``name`` (``"frag/reason"``, or pinned ``"frag/reason@1"``) on ``llm`` with the
    template ``variables``; ``fallback`` (positional or keyword) is what the step returns without
    a usable model answer.

    ``llm is None`` → the fallback, nothing is rendered or called. Output that does not parse →
    ``stats.record_parse_failure()`` and the fallback, with the reason in ``error``. Backend errors
    (``LLMTimeout``, ``LLMUnavailable``, ``PromptTooLong``) propagate: they are not the model's answer."""
    if llm is None:
        return StepResult(fallback, "fallback")
    template = load_prompt(name)
    variant = template.variant_for(llm)
    fitted = fit_prompt(llm, template, variant, variables)
    completion = llm.complete(fitted.prompt, prompt_name=template.ref, stop=template.stop(variant))
    try:
        value = template.parse(completion.text, fitted.variables)
    except ParseError as exc:
        stats.record_parse_failure()
        return StepResult(fallback, "fallback", completion.text, f"{template.ref}: {exc}", fitted.kept)
    return StepResult(value, "llm", completion.text, None, fitted.kept)

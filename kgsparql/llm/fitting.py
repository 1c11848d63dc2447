"""Context trimming: render a prompt with its ranked evidence and, when it does not fit in
``llm.context_length - llm.max_tokens`` tokens, drop the lowest-ranked evidence items whole (never
part of an item) until it does. Evidence lists are ranked best first, so "lowest" is the end."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from ..errors import PromptTooLong, TemplateError
from .base import Prompt
from .prompting import PromptTemplate

__all__ = ["Fitted", "fit_prompt"]


@dataclass(frozen=True)
class Fitted:
    prompt: Prompt                  # what to send
    variables: Mapping[str, Any]    # the variables it was rendered with (evidence lists trimmed)
    kept: int | None                # evidence items kept; None when the prompt has no evidence list
    dropped: int                    # evidence items dropped to fit
    tokens: int                     # prompt tokens as counted by the model


def fit_prompt(llm, template: PromptTemplate, variant: str, variables: Mapping[str, Any],
               max_tokens: int | None = None) -> Fitted:
    """Render ``template`` for ``llm``, trimming its evidence lists from the end to fit; raises
    ``PromptTooLong`` when even no evidence at all does not fit."""
    budget = llm.context_length - (llm.max_tokens if max_tokens is None else max_tokens)
    total = _evidence_length(template, variables)

    def attempt(keep: int | None) -> Fitted:
        trimmed = dict(variables)
        for var in template.evidence:
            trimmed[var] = list(variables[var])[:keep]
        prompt = template.render(variant, trimmed)
        return Fitted(prompt, trimmed, keep, (total or 0) - (keep or 0), llm.prompt_tokens(prompt))

    best = attempt(total)
    if best.tokens <= budget:
        return best
    if total:                                   # largest prefix that fits, by bisection
        low, high = 0, total - 1
        smallest = attempt(0)
        if smallest.tokens <= budget:
            best = smallest
            while low < high:
                mid = (low + high + 1) // 2
                trial = attempt(mid)
                low, high, best = (mid, high, trial) if trial.tokens <= budget else (low, mid - 1, best)
            return best
        best = smallest
    what = f" even without any {'/'.join(template.evidence)}" if template.evidence else ""
    raise PromptTooLong(f"prompt {template.ref} needs {best.tokens} tokens{what}, but only {max(budget, 0)} "
                        f"fit: a context of {llm.context_length} minus {llm.context_length - budget} "
                        f"for the answer (raise --llm-context or lower --llm-max-tokens)")


def _evidence_length(template: PromptTemplate, variables: Mapping[str, Any]) -> int | None:
    if not template.evidence:
        return None
    lengths = {}
    for var in template.evidence:
        if var not in variables:
            raise TemplateError(f"prompt {template.ref} needs the variable {var!r}")
        value = variables[var]
        if isinstance(value, (str, bytes)) or not hasattr(value, "__len__"):
            raise TemplateError(f"prompt {template.ref}: {var!r} must be a list (ranked best first)")
        lengths[var] = len(value)
    if len(set(lengths.values())) > 1:
        raise TemplateError(f"prompt {template.ref}: {' and '.join(lengths)} must have the same length "
                            f"(got {', '.join(map(str, lengths.values()))})")
    return next(iter(lengths.values()))

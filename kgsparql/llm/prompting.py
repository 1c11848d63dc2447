"""Versioned prompt files and their parsers.

``prompts/<method>/<name>.v<N>.j2`` is a Jinja2 file with blocks: ``system`` (optional) and
``user`` make the chat variant, ``raw`` the few-shot raw-completion variant (ending in "Answer:").
The parser is the function in ``prompts/<method>/parsers.py`` marked ``@parser("<name>")``.
``load_prompt("frag/reason")`` takes the highest version; ``"frag/reason@1"`` pins one."""
from __future__ import annotations

import importlib
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Callable, Mapping

import jinja2
from jinja2.sandbox import SandboxedEnvironment

from ..errors import TemplateError
from ..registry import folder, folder_module
from .base import Prompt
from .evidence import verbalize
from .parsing import label

__all__ = ["PromptTemplate", "load_prompt", "available_prompts", "CHAT", "RAW"]

CHAT, RAW = "chat", "raw"
RAW_STOP = ["\n"]
_REF = re.compile(r"^([a-z][a-z0-9_]*)/([a-z][a-z0-9_]*)(?:@(\d+))?$")
_FILE = re.compile(r"^([a-z][a-z0-9_]*)\.v(\d+)\.j2$")


@dataclass(frozen=True)
class PromptTemplate:
    name: str                               # "frag/reason"
    version: int
    template: jinja2.Template
    parser: Callable[..., Any]
    evidence: tuple[str, ...]               # ranked list variables trimmed from the end to fit

    @property
    def ref(self) -> str:
        return f"{self.name}@{self.version}"

    @property
    def variants(self) -> tuple[str, ...]:
        blocks = self.template.blocks
        return tuple(v for v, block in ((CHAT, "user"), (RAW, "raw")) if block in blocks)

    def variant_for(self, llm) -> str:
        """The raw few-shot variant for base models (``llm.few_shot``), else chat; whichever exists."""
        wanted = RAW if getattr(llm, "few_shot", False) else CHAT
        return wanted if wanted in self.variants else self.variants[0]

    def stop(self, variant: str) -> list[str] | None:
        return list(RAW_STOP) if variant == RAW else None

    def render(self, variant: str, variables: Mapping[str, Any]) -> Prompt:
        if variant == RAW:
            return self._block("raw", variables)
        system = self._block("system", variables) if "system" in self.template.blocks else ""
        messages = [{"role": "system", "content": system}] if system else []
        return messages + [{"role": "user", "content": self._block("user", variables)}]

    def parse(self, text: str, variables: Mapping[str, Any]) -> Any:
        return self.parser(text, **variables)

    def _block(self, block: str, variables: Mapping[str, Any]) -> str:
        try:
            context = self.template.new_context(dict(variables))
            return "".join(self.template.blocks[block](context)).strip()
        except jinja2.TemplateError as exc:
            raise TemplateError(f"prompt {self.ref} ({block}): {exc}") from None


def available_prompts(method: str) -> dict[str, list[int]]:
    """``{name: [versions]}`` shipped in a prompt folder (kgsparql's own ``prompts/<method>/``, or one
    another package registers under the entry-point group ``kgsparql.prompts``)."""
    where = folder("prompts", method)
    found: dict[str, list[int]] = {}
    if where.is_dir():
        for entry in where.iterdir():
            m = _FILE.match(entry.name)
            if m:
                found.setdefault(m.group(1), []).append(int(m.group(2)))
    return {k: sorted(v) for k, v in sorted(found.items())}


@lru_cache(maxsize=None)
def load_prompt(ref: str) -> PromptTemplate:
    m = _REF.match(ref or "")
    if not m:
        raise TemplateError(f"bad prompt name {ref!r}: expected METHOD/NAME or METHOD/NAME@VERSION")
    method, name, pinned = m.group(1), m.group(2), m.group(3)
    versions = available_prompts(method).get(name)
    if not versions:
        known = ", ".join(f"{method}/{n}" for n in available_prompts(method)) or "none"
        raise TemplateError(f"no prompt {method}/{name} (available: {known})")
    version = int(pinned) if pinned else versions[-1]
    if version not in versions:
        raise TemplateError(f"no version {version} of prompt {method}/{name} (available: {versions})")
    source = folder("prompts", method).joinpath(f"{name}.v{version}.j2").read_text(encoding="utf-8")
    try:
        template = _env().from_string(source)
    except jinja2.TemplateSyntaxError as exc:
        raise TemplateError(f"prompt {method}/{name}@{version} line {exc.lineno}: {exc.message}") from None
    parse = _parser(method, name)
    return PromptTemplate(f"{method}/{name}", version, template, parse, parse.__evidence__)


def _parser(method: str, name: str) -> Callable[..., Any]:
    try:
        module = importlib.import_module(f"{folder_module('prompts', method)}.parsers")
    except ImportError as exc:
        raise TemplateError(f"prompts/{method}/parsers.py cannot be imported: {exc}") from None
    for value in vars(module).values():
        if callable(value) and getattr(value, "__prompt__", None) == name:
            return value
    raise TemplateError(f"prompts/{method}/parsers.py has no @parser({name!r})")


@lru_cache(maxsize=1)
def _env() -> SandboxedEnvironment:
    env = SandboxedEnvironment(undefined=jinja2.StrictUndefined, autoescape=False,
                               trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=False)
    env.filters["label"] = label
    env.filters["verbalize"] = verbalize
    return env

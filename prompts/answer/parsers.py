"""Parsers for prompts/answer/*.j2."""
from __future__ import annotations

import re
from typing import Any, Sequence

from kgsparql.llm.parsing import match_candidates, parser

__all__ = ["parse_choose"]

_RELATION_TAG = re.compile(r"^\s*\[[^\]]*[^\W\d][^\]]*\]\s*")   # "[directed by] Alfred Hitchcock"


@parser("choose", evidence=("facts",))
def parse_choose(text: str, *, candidates: Sequence[Any], **_: Any) -> list[Any]:
    """The chosen candidates (the objects passed in, in the order the model named them). A leading
    "[relation]" tag, which the few-shot examples teach the model to write first, is skipped."""
    return match_candidates(_RELATION_TAG.sub("", text or "", count=1), candidates)

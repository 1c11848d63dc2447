"""Topic choice and mention masking: one implementation for answering (``LinkResult.topics`` /
``LinkResult.masked``) and for training (``mask_topic``, where the dataset names the topic).

Masking replaces the topic mention with a placeholder and normalises the rest (case folded,
punctuation dropped, white space collapsed), so that what is learned or compared is the question's
shape (``who directed X``), not a particular name or a writer's capitals and question mark: the
training questions (MetaQA) are lower case without punctuation, the questions people type are not."""
from __future__ import annotations

import re
from typing import Iterable

from .text import split_brackets

__all__ = ["MASK", "mask_spans", "mask_topic", "question_shape"]

MASK = "X"
_SENTINEL = "\x00"
_PUNCT = re.compile(r"[^\w\s'\x00-]|'(?!\w)|(?<!\w)-|-(?!\w)")   # keep 's and in-word hyphens


def question_shape(text: str, mask: str = MASK) -> str:
    """``What else did the director of X direct?`` -> ``what else did the director of X direct``."""
    bare = _PUNCT.sub(" ", text.replace(mask, _SENTINEL).casefold())
    return " ".join(bare.split()).replace(_SENTINEL, mask)


def mask_spans(text: str, spans: Iterable[tuple[int, int]], mask: str = MASK) -> str:
    """``text`` with each (start, end) span replaced by ``mask``, in its ``question_shape``."""
    out, last = [], 0
    for start, end in sorted(s for s in spans if 0 <= s[0] < s[1] <= len(text)):
        if start < last:
            continue                      # overlapping spans: the first one wins
        out += [text[last:start].replace(mask, mask.lower()), _SENTINEL]
        last = end
    out.append(text[last:].replace(mask, mask.lower()))
    return question_shape("".join(out), _SENTINEL).replace(_SENTINEL, mask)


def mask_topic(question: str, topic: str | None, mask: str = MASK) -> str:
    """Training's view of a dataset question: the ``[bracketed]`` topic (MetaQA), else the first
    verbatim occurrence of ``topic`` (PathQuestion, WC2014), becomes ``mask``."""
    text, span = split_brackets(question)
    if span is None and topic and topic in text:
        start = text.index(topic)
        span = (start, start + len(topic))
    return mask_spans(text, [span] if span else [], mask)

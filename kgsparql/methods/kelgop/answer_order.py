"""Answers whose own names the question partly writes come first.

A question sometimes names part of what it asks for: "Which *Cheaper by the Dozen* film did X have a
role in?" (*Cheaper by the Dozen 2*), "What Italian *province* is Rome located in?" (*Province of
Rome*, not *Lazio*). When some answers' labels hold more of the question's own content words than
others (the words outside the entity mentions, function words left out), those answers go first;
otherwise, and among equals, the order stays as the plan gave it. Nothing is added or dropped.

The word right after "what" or "which" does not count: it names the kind of thing asked for ("what
*language*", "which *movie*"), which every answer is, whether or not its label happens to write it
("English Language" beside "Haitian Creole")."""
from __future__ import annotations

import re
from typing import Sequence

from ...linking.text import is_content, tokens
from ...linking.topics import MASK
from ...types import Entity

__all__ = ["named_first"]

_KIND = re.compile(r"\b(?:what|which)\s+(\w+)", re.IGNORECASE)


def _words(text: str) -> set[str]:
    return {t.text.casefold() for t in tokens(text) if t.text.isalnum() and is_content(t.text)}


def named_first(masked: str, named: Sequence[Entity], answers: Sequence[str]) -> tuple[str, ...]:
    """``answers`` reordered (stably) by how many of the content words of ``masked`` (the question
    with its topic masked) each answer's label writes; the words of the ``named`` entities'
    labels do not count (they name the question's entities, not its answer)."""
    answers = tuple(answers)
    asked = _words(masked) - {MASK.casefold()}
    for entity in named:
        asked -= _words(entity.name or "")
    asked -= {m.group(1).casefold() for m in _KIND.finditer(masked)}
    if len(answers) < 2 or not asked:
        return answers
    score = {a: len(_words(a) & asked) for a in answers}
    if len(set(score.values())) == 1:
        return answers
    return tuple(sorted(answers, key=lambda a: -score[a]))

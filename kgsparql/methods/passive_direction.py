"""Which way a "<verb> by" relation is walked, read from the question's grammar. A label such as
``influenced by`` or ``founded by`` holds the patient as subject and the agent as object. "Which
languages influenced X" puts the topic after the verb as its object (the patient: walk forwards,
to what influenced X); "which languages were influenced by X" and "what did X influence" make the
topic the agent (walk backwards, to what X influenced). The alignment ranker reads no direction,
and the chain scorer reads it only as well as its training went; the verb and "by" say it outright.
No relation of any KG is named: only the shape "<verb> by" of the KG's own label."""
from __future__ import annotations

import re

from ..rank.base import stem, tokenize

__all__ = ["topic_role"]

_PASSIVE_LABEL = re.compile(r"^([a-z]+)\s+by$")
_BE = frozenset("is are was were been be being".split())
_FILLER = frozenset("the a an".split())


def topic_role(masked: str, label: str, mask: str = "x") -> str | None:
    """"agent" or "patient": the topic's role for the verb of a "<verb> by" ``label``, read from the
    masked question; None when the label has no such shape or the question does not use the verb."""
    found = _PASSIVE_LABEL.match(label.lower().strip())
    words = tokenize(masked)
    if not found or mask not in words:
        return None
    verb = stem(found.group(1))
    at = next((i for i, w in enumerate(words) if w not in _BE and len(w) > 3 and stem(w) == verb), None)
    if at is None:
        return None
    topic, by_follows = words.index(mask), words[at + 1: at + 2] == ["by"]
    if topic > at:                      # "which languages influenced X" / "... were influenced by X"
        between = words[at + 1: topic]
        return "agent" if between[:1] == ["by"] and set(between[1:]) <= _FILLER else \
            ("patient" if set(between) <= _FILLER else None)
    passive = bool(_BE & set(words[:at])) and words[at].endswith(("ed", "en"))
    return "patient" if by_follows or passive else "agent"   # "who was X influenced by" / "what did X influence"

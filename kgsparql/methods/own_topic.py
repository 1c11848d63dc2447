"""An answer is never the question's own topic entity, unless the question asks for it.

Every method's answer goes through ``without_own_topic`` (``api.answer_with_stats``). It drops the
answers that are the question's own topic: a topic entity the method answered about, or an entity the
question names itself (its name is a run of the question's words, the last one possibly inflected:
"Jamaica" in "what does jamaican people speak", reached back from a wrongly linked "Jamaican
English"). Words inside a topic's own mention name that topic, not its parts: the genre "Adventure"
is an answer to "what is the genre of the movie The Adventures of Hajji Baba". It keeps them when they are asked for: under the ``return`` walk convention (the gold
answers of such datasets come back to the topic) and for a choice between named entities
(``plan["category"] == "comparative"``). Numbers are never dropped. When nothing is left the method
abstains with the reason."""
from __future__ import annotations

import dataclasses
import re

from ..types import Answer
from .no_answer import abstain

__all__ = ["without_own_topic", "named_in"]

_WORD = re.compile(r"\w+")
_MIN_PREFIX = 4                  # an inflected last word must keep at least this much of the name


def named_in(name: str, question: str, topics: tuple[str, ...] = ()) -> bool:
    """``name``'s words are a run of ``question``'s words (the last may carry a suffix), outside the
    mentions of ``topics`` (names of the question's topic entities)."""
    words, said = _WORD.findall(name.casefold()), _outside(_WORD.findall(question.casefold()), topics)
    if not words or name.strip().isdigit():
        return False
    n = len(words)
    for i in range(len(said) - n + 1):
        head, last = said[i:i + n - 1], said[i + n - 1]
        if head == words[:-1] and (last == words[-1] or (len(words[-1]) >= _MIN_PREFIX and last.startswith(words[-1]))):
            return True
    return False


def _outside(said: list[str], topics: tuple[str, ...]) -> list[str]:
    """The question's words with each topic's own run replaced by a gap no name can span."""
    for topic in topics:
        words = _WORD.findall(topic.casefold())
        n = len(words)
        i = 0
        while words and i <= len(said) - n:
            if said[i:i + n] == words:
                said = said[:i] + [""] + said[i + n:]
            i += 1
    return said


def without_own_topic(answer: Answer, walks: str) -> Answer:
    if not answer.answers or walks == "return" or answer.plan.get("category") == "comparative":
        return answer
    names = tuple(e.name for e in answer.entities)
    topics = {name.casefold() for name in names}
    kept = tuple(a for a in answer.answers
                 if str(a).casefold() not in topics and not named_in(str(a), answer.question, names))
    if kept == tuple(answer.answers):
        return answer
    plan = {**answer.plan, "dropped_own_topic": [a for a in answer.answers if a not in kept]}
    if not kept:
        return dataclasses.replace(abstain(answer.question, "the only answers found are what the question itself "
                                           "names", answer.evidence, answer.entities, plan, answer.id),
                                   stats=answer.stats)
    return dataclasses.replace(answer, answers=kept, plan=plan)

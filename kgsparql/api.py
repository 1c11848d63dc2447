"""The Python API: open a KG, build a method once, ask many questions.

    from kgsparql import Asker
    with Asker(store="S") as asker:
        print(asker.ask("who directed [Kismet]").answers)
"""
from __future__ import annotations

import functools
import re
from typing import Any, Iterable, Iterator

import dataclasses

from .config import Settings
from .meaning import question_shape, show_date
from .errors import InputError, KGSparqlError
from .kg import KnowledgeGraph
from .linking import given_topics
from .loaded_models import Models
from .parallel import ordered_map
from .session import KGSession, answer_with_stats, with_measured_stats
from .types import Answer

__all__ = ["Asker", "Verifier", "KGSession", "open_kg", "ask", "verify", "answer_with_stats", "with_measured_stats",
           "check_question", "MAX_MENTION_CHARS"]

MAX_MENTION_CHARS = 200       # a [bracketed] entity mention longer than this is refused
_MENTION = re.compile(r"\[([^\[\]]*)\]")


def check_question(question: str, max_chars: int, noun: str = "question") -> None:
    """Refuse, with a one-line InputError, what no method should be handed: an empty or over-long
    question (or claim: ``noun``), an over-long [mention], text that is not valid Unicode (a lone surrogate)."""
    if not isinstance(question, str) or not question.strip():
        raise InputError(f"the {noun} is empty")
    if len(question) > max_chars:
        raise InputError(f"the {noun} is {len(question):,} characters long; the limit is {max_chars:,} "
                         "(setting max_question_chars)")
    try:
        question.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise InputError(f"the {noun} is not valid Unicode: a lone surrogate at character {exc.start + 1}") from None
    for m in _MENTION.finditer(question):
        if len(m.group(1)) > MAX_MENTION_CHARS:
            raise InputError(f"the entity mention [{m.group(1)[:20]}...] is {len(m.group(1)):,} characters long; "
                             f"the limit is {MAX_MENTION_CHARS}")


def open_kg(settings: Settings | None = None, **flags: Any) -> KnowledgeGraph:
    settings = settings or Settings.load(flags=flags)
    return KnowledgeGraph.from_settings(settings)


def presented(answer: Answer, walks: str = "simple") -> Answer:
    """The answers as the question asks for them: dates at the precision asked ("when" -> a year,
    docs/meaning.md), and never the question's own topic entity beside other answers (unless the
    walks may ``return`` to it)."""
    if not answer.answers:
        return answer
    precision = question_shape(answer.question).date_precision
    names = list(dict.fromkeys(show_date(a, precision) for a in answer.answers))
    topics = {e.name for e in answer.entities}
    if walks != "return" and any(n not in topics for n in names):
        names = [n for n in names if n not in topics]
    return dataclasses.replace(answer, answers=tuple(names)) if tuple(names) != answer.answers else answer


class Asker(KGSession):
    """Holds one KG and one method; ``ask`` takes a question and returns an ``Answer`` with stats.
    Pass ``method=`` to reuse a built method."""

    def __init__(self, settings: Settings | None = None, *, kg: KnowledgeGraph | None = None,
                 method=None, llm=None, models: Models | None = None, **flags: Any):
        from .methods import build_method

        super().__init__(settings, kg, llm, models, flags, lambda kg, settings, llm, models: method if method
                         is not None else build_method(kg, settings, llm=llm, models=models))

    def ask(self, question: str, id: str | None = None, *, topics: Iterable[str] | None = None) -> Answer:
        """``topics``: IRIs of the question's topic entities, given instead of found by linking."""
        check_question(question, self.settings.max_question_chars)
        with given_topics(topics):
            return presented(answer_with_stats(self.method, question, id), self.settings.walks)

    def ask_many(self, items: Iterable[dict], workers: int = 1) -> Iterator[dict]:
        """``{"id", "question"}`` in, one JSON-ready dict out per item, in order; errors don't stop it.
        A known error gives ``{"id", "error"}``; anything else is a bug in kgsparql or a plugin and
        gives ``{"id", "error": "internal error: …", "internal": true}`` (the CLI then exits 3).
        ``workers`` > 1 answers that many at once in threads sharing this asker's method."""
        return ordered_map(functools.partial(_row, key="question", run=self.ask), items, workers)

def _row(item: dict, key: str, run) -> dict:
    """One JSON-ready row for one item: ``run(item[key], id=...)``, or ``{"id", "error"}``."""
    qid = item.get("id")
    if "error" in item:  # the reader already knows this line is bad
        return {"id": qid, "error": item["error"]}
    try:
        return run(item.get(key, ""), id=qid).to_json()
    except KGSparqlError as exc:
        return {"id": qid, "error": str(exc)}
    except Exception as exc:  # noqa: BLE001 - one row per input row, even for a bug
        first = (str(exc).splitlines() or [""])[0]
        return {"id": qid, "error": f"internal error: {type(exc).__name__}: {first}", "internal": True}


class Verifier(KGSession):
    """Holds one KG and one claim verifier (``verifier=`` a registered name, default ``refkg``);
    ``verify`` takes a claim and returns a ``Verdict`` (true | false | not_enough_info, evidence,
    explanation, stats)."""

    def __init__(self, settings: Settings | None = None, *, kg: KnowledgeGraph | None = None,
                 verifier: str | None = None, llm=None, models: Models | None = None, **flags: Any):
        from .verify import build_verifier

        super().__init__(settings, kg, llm, models, flags, lambda kg, settings, llm, models:
                         build_verifier(kg, settings, verifier, llm=llm, models=models))

    def verify(self, claim: str, id: str | None = None):
        check_question(claim, self.settings.max_question_chars, "claim")
        return with_measured_stats(self.method.verify, claim, id)

    def verify_many(self, items: Iterable[dict], workers: int = 1) -> Iterator[dict]:
        """``{"id", "claim"}`` in, one JSON-ready dict out per item, in order (as ``ask_many``)."""
        return ordered_map(functools.partial(_row, key="claim", run=self.verify), items, workers)


def verify(claim: str, **flags: Any):
    """One-shot convenience: ``kgsparql.verify("Kismet was directed by William Dieterle", store="S")``."""
    with Verifier(**flags) as verifier:
        return verifier.verify(claim)


def ask(question: str, **flags: Any) -> Answer:
    """One-shot convenience: ``kgsparql.ask("who directed [Kismet]", store="S")``."""
    with Asker(**flags) as asker:
        return asker.ask(question)

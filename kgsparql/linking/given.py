"""Topic entities given with a question instead of found by linking (``Asker.ask(q, topics=[...])``,
``kgsparql eval --gold-topic``), so that linking's share of the errors can be measured.

``with given_topics(entities):`` makes every ``EntityLinker.link`` call of the question (and of its
sub-questions) return exactly these entities, each a mention of its own: at the span where its name
occurs in the text when it does (first by position), else as an empty mention at 0."""
from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from typing import Iterable, Iterator

from ..types import Entity
from .result import Candidate, LinkResult, Mention
from .text import split_brackets

__all__ = ["given_topics", "current_topics", "given_link"]

_GIVEN: ContextVar[tuple[Entity, ...] | None] = ContextVar("kgsparql_given_topics", default=None)


@contextmanager
def given_topics(entities: Iterable[Entity | str] | None) -> Iterator[None]:
    """Within the block, linking returns ``entities`` (IRIs or ``Entity``); ``None`` or none: as outside."""
    chosen = tuple(e if isinstance(e, Entity) else Entity.iri(str(e)) for e in entities or ())
    if not chosen:
        yield
        return
    token = _GIVEN.set(chosen)
    try:
        yield
    finally:
        _GIVEN.reset(token)


def current_topics() -> tuple[Entity, ...] | None:
    return _GIVEN.get()


def given_link(question: str, entities: tuple[Entity, ...], adapter) -> LinkResult:
    """The link result naming ``entities`` (labelled through ``adapter``) for ``question``."""
    text, _ = split_brackets(question)
    labels = adapter.labels(list(entities))
    found, missing = [], []
    for e in entities:
        entity = Entity(e.term, labels.get(e) or e.label)
        at = text.casefold().find(entity.label.casefold()) if entity.label else -1
        if at >= 0:
            end = at + len(entity.label)
            found.append(Mention(text[at:end], at, end, [Candidate(entity, 1.0)]))
        else:
            missing.append(Mention("", 0, 0, [Candidate(entity, 1.0)]))
    return LinkResult(text, sorted(found, key=lambda m: m.start) + missing, False)

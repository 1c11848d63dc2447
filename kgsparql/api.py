"""The Python API: open a KG, build a method once, ask many questions.

    from kgsparql import Asker
    with Asker(store="S") as asker:
        print(asker.ask("who directed [Kismet]").answers)
"""
from __future__ import annotations

from typing import Any, Iterable, Iterator

from .config import Settings
from .errors import KGSparqlError
from .kg import KnowledgeGraph
from .stats import collect
from .types import Answer

__all__ = ["Asker", "open_kg", "ask"]


def open_kg(settings: Settings | None = None, **flags: Any) -> KnowledgeGraph:
    settings = settings or Settings.load(flags=flags)
    return KnowledgeGraph.from_settings(settings)


class Asker:
    """Holds one KG and one method; ``ask`` takes a question and returns an ``Answer`` with stats."""

    def __init__(self, settings: Settings | None = None, *, kg: KnowledgeGraph | None = None, **flags: Any):
        from .methods import build_method

        self.settings = settings or Settings.load(flags=flags)
        self.kg = kg or KnowledgeGraph.from_settings(self.settings)
        self._owns_kg = kg is None
        self.method = build_method(self.kg, self.settings)

    def ask(self, question: str, id: str | None = None) -> Answer:
        if not isinstance(question, str) or not question.strip():
            from .errors import InputError
            raise InputError("the question is empty")
        with collect() as st:
            answer = self.method.answer(question, id=id)
        stats = {**st.to_json(), **{k: v for k, v in answer.stats.items() if k not in st.to_json()}}
        return Answer(answer.question, answer.answers, answer.evidence, stats, answer.entities,
                      answer.plan, id if id is not None else answer.id)

    def ask_many(self, items: Iterable[dict]) -> Iterator[dict]:
        """``{"id", "question"}`` in, one JSON-ready dict out per item, in order; errors don't stop it."""
        for item in items:
            qid = item.get("id")
            if "error" in item:  # the reader already knows this line is bad
                yield {"id": qid, "error": item["error"]}
                continue
            try:
                yield self.ask(item.get("question", ""), id=qid).to_json()
            except KGSparqlError as exc:
                yield {"id": qid, "error": str(exc)}

    def close(self) -> None:
        if self._owns_kg:
            self.kg.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def ask(question: str, **flags: Any) -> Answer:
    """One-shot convenience: ``kgsparql.ask("who directed [Kismet]", store="S")``."""
    with Asker(**flags) as asker:
        return asker.ask(question)

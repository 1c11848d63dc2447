"""What ``kgsparql serve`` answers with, built once at start: one KG, one set of models, one
``Asker`` per method asked for (the configured one at start, others on first use) and one
``Verifier``, all sharing the KG and the models. Every call is safe from several threads at once,
as ``ask --workers`` already relies on."""
from __future__ import annotations

import threading
from typing import Any, Callable

from ..api import Asker, Verifier
from ..config import Settings
from ..errors import InputError
from ..kg import KnowledgeGraph
from ..loaded_models import Models
from ..registry import available
from ..stats import watch_queries
from ..typed_query import run_typed_query

__all__ = ["Service"]


class Service:
    """``ask``/``verify`` return exactly the ``--json`` objects of the CLI; ``sparql`` runs SELECT and
    ASK through the read-only guard; ``watched`` adds the text of every SPARQL query a call ran."""

    def __init__(self, settings: Settings, *, verifier: str | None = None):
        self.settings = settings
        self.models = Models()
        self.kg = KnowledgeGraph.from_settings(settings, self.models)
        self._askers: dict[str, Asker] = {}
        self._verifier_name = verifier
        self._verifier: Verifier | None = None
        self._lock = threading.Lock()
        try:
            self.asker(settings.method)
            self.verifier()
        except BaseException:
            self.close()
            raise

    @property
    def methods(self) -> list[str]:
        return available("method")

    def asker(self, method: str | None = None) -> Asker:
        method = method or self.settings.method
        if method not in self.methods:
            raise InputError(f"unknown method {method!r}; registered: {', '.join(self.methods)}")
        with self._lock:
            if method not in self._askers:
                self._askers[method] = Asker(self.settings.replace(method=method), kg=self.kg, models=self.models)
            return self._askers[method]

    def verifier(self) -> Verifier:
        with self._lock:
            if self._verifier is None:
                self._verifier = Verifier(self.settings, kg=self.kg, models=self.models, verifier=self._verifier_name)
            return self._verifier

    def ask(self, question: str, method: str | None = None, id: str | None = None) -> dict[str, Any]:
        return self.asker(method).ask(question, id=id).to_json()

    def verify(self, claim: str, id: str | None = None) -> dict[str, Any]:
        return self.verifier().verify(claim, id=id).to_json()

    def sparql(self, query: str) -> dict[str, Any]:
        return run_typed_query(self.kg, query, allow_service=self.settings.allow_service)

    @staticmethod
    def watched(call: Callable[[], dict]) -> dict[str, Any]:
        """``{"result": call(), "sparql": [every query text it ran, in order]}`` (the page's view)."""
        with watch_queries() as texts:
            result = call()
        return {"result": result, "sparql": list(texts)}

    def health(self) -> dict[str, Any]:
        endpoint = "http" if self.settings.endpoint else "embedded"
        return {"status": "ok", "endpoint": endpoint, "adapter": self.settings.adapter,
                "method": self.settings.method, "methods": self.methods, "llm": self.settings.llm.split(":")[0],
                "max_question_chars": self.settings.max_question_chars, "models_loaded": len(self.models)}

    def close(self) -> None:
        for asker in self._askers.values():
            asker.close()
        if self._verifier is not None:
            self._verifier.close()
        self.kg.close()
        self.models.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.close()

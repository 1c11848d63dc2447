"""A SPARQL query typed by a person (``kgsparql sparql``, ``POST /v1/sparql`` of ``kgsparql serve``):
the read-only guard decides what it is, only SELECT and ASK run, the KG itself answers (never the
result cache), and the result is SPARQL 1.1 JSON results-like."""
from __future__ import annotations

from typing import Any

from .errors import InputError
from .kg import KnowledgeGraph, uncached
from .readonly import query_kind
from .types import IRI, Literal, Term

__all__ = ["runnable_kind", "run_typed_query", "results_json", "RUNNABLE"]

RUNNABLE = ("SELECT", "ASK")   # the endpoint protocol returns rows or a boolean, not graphs


def runnable_kind(query: str, *, allow_service: bool = False) -> str:
    """SELECT or ASK; anything that writes, SERVICE (unless allowed), CONSTRUCT and DESCRIBE are
    refused here, before anything is opened or sent."""
    if not isinstance(query, str) or not query.strip():
        raise InputError("the query is empty")
    kind = query_kind(query, allow_service=allow_service)
    if kind not in RUNNABLE:
        raise InputError(f"only SELECT and ASK queries are run, not {kind}")
    return kind


def run_typed_query(kg: KnowledgeGraph, query: str, *, allow_service: bool = False) -> dict[str, Any]:
    """``{"boolean": …}`` for ASK, ``{"head", "truncated", "results"}`` for SELECT."""
    kind = runnable_kind(query, allow_service=allow_service)
    with uncached():
        if kind == "ASK":
            return {"boolean": kg.endpoint.ask(query)}
        rows = kg.endpoint.select(query)
    return results_json(rows)


def results_json(rows) -> dict[str, Any]:
    return {"head": {"vars": rows.variables}, "truncated": rows.truncated,
            "results": {"bindings": [{k: term_json(v) for k, v in r.items()} for r in rows]}}


def term_json(t: Term) -> dict:
    if isinstance(t, IRI):
        return {"type": "uri", "value": t.value}
    if isinstance(t, Literal):
        d = {"type": "literal", "value": t.value}
        if t.lang:
            d["xml:lang"] = t.lang
        if t.datatype:
            d["datatype"] = t.datatype
        return d
    return {"type": "bnode", "value": t.id}

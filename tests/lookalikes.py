"""Replies in the shape of the public services the ``--kg`` presets point at, for loopback servers
(``faultserver``): their SPARQL JSON results and how each one says no. Written from the services'
documentation and source (docs/presets.md); the public hosts themselves are never contacted.

- WDQS (Blazegraph): ``application/sparql-results+json``, language-tagged labels, typed dates;
  a malformed query is HTTP 400 with a Java stack trace as text; a query past 60 s is HTTP 500
  with ``java.util.concurrent.TimeoutException``; a client over its budget gets 429 + Retry-After.
- DBpedia (Virtuoso): ``typed-literal`` terms, ``X-SPARQL-MaxRows`` on a cut result; a malformed
  query is HTTP 400 ``Virtuoso 37000 Error SP030``; an overloaded server 503 + Retry-After.
- QLever: standard SPARQL JSON; errors are JSON ``{"status": "ERROR", "exception": ...}``, HTTP
  400 for a bad query and 429 when the query ran past the time limit (no Retry-After)."""
from __future__ import annotations

import json

from faultserver import Reply

__all__ = ["SERVICES", "rows", "bad_query", "time_limit", "throttled", "is_qlever"]

_JSON = {"Content-Type": "application/sparql-results+json;charset=utf-8"}
_XSD = "http://www.w3.org/2001/XMLSchema#"

SERVICES = {
    "wikidata": {"entity": "http://www.wikidata.org/entity/Q42", "label": "Douglas Adams"},
    "qlever-wikidata": {"entity": "http://www.wikidata.org/entity/Q42", "label": "Douglas Adams"},
    "dbpedia": {"entity": "http://dbpedia.org/resource/Douglas_Adams", "label": "Douglas Adams"},
    "freebase": {"entity": "http://rdf.freebase.com/ns/m.0282x", "label": "Douglas Adams"},
}


def is_qlever(kg: str) -> bool:
    return kg in ("freebase", "qlever-freebase", "qlever-wikidata")


def rows(kg: str) -> Reply:
    """Two rows: the entity with its English label, and a date, in the service's term encoding."""
    facts = SERVICES[kg]
    virtuoso = kg == "dbpedia"
    date = {"type": "typed-literal" if virtuoso else "literal", "datatype": _XSD + "date", "value": "1952-03-11"}
    label = {"type": "literal", "xml:lang": "en", "value": facts["label"]}
    body = {"head": {"vars": ["e", "v"]},
            "results": {"bindings": [{"e": {"type": "uri", "value": facts["entity"]}, "v": label},
                                     {"e": {"type": "uri", "value": facts["entity"]}, "v": date}]}}
    if virtuoso:
        body["head"]["link"] = []
        body["results"].update({"distinct": False, "ordered": True})
    return Reply(200, body, dict(_JSON))


def bad_query(kg: str) -> Reply:
    if is_qlever(kg):
        return Reply(400, json.dumps({"query": "SELEKT", "status": "ERROR", "resultsize": 0,
                                      "exception": "Invalid SPARQL query: Token \"SELEKT\": mismatched input"}).encode(),
                     {"Content-Type": "application/json"})
    if kg == "dbpedia":
        return Reply(400, b"Virtuoso 37000 Error SP030: SPARQL compiler, line 1: syntax error at 'SELEKT'\n\n"
                          b"SPARQL query:\nSELEKT", {"Content-Type": "text/plain"})
    return Reply(400, b"SPARQL-QUERY: queryStr=SELEKT\njava.util.concurrent.ExecutionException: "
                      b"org.openrdf.query.MalformedQueryException: Encountered \" <PNAME_NS> \"SELEKT\"\n"
                      b"\tat java.util.concurrent.FutureTask.report(FutureTask.java:122)\n", {"Content-Type": "text/plain"})


def time_limit(kg: str) -> Reply:
    """What the service answers when a query runs past its own time limit."""
    if is_qlever(kg):
        return Reply(429, json.dumps({"status": "ERROR", "resultsize": 0, "query": "SELECT ...",
                                      "exception": "Operation timed out. Last operation: Sort on ?e"}).encode(),
                     {"Content-Type": "application/json"})
    if kg == "dbpedia":
        return Reply(200, json.dumps({"head": {"vars": ["e"]}, "results": {"bindings": []}}).encode(),
                     {**_JSON, "X-SQL-State": "S1TAT", "X-SQL-Message": "RC...: Returning incomplete results"})
    return Reply(500, b"SPARQL-QUERY: queryStr=SELECT ...\njava.util.concurrent.TimeoutException\n"
                      b"\tat java.util.concurrent.FutureTask.get(FutureTask.java:205)\n", {"Content-Type": "text/plain"})


def throttled(kg: str, seconds: int) -> Reply:
    """The service telling a client to come back in ``seconds``."""
    status = 503 if kg == "dbpedia" else 429
    return Reply(status, b"Too Many Requests - Please retry in %d seconds." % seconds,
                 {"Content-Type": "text/plain", "Retry-After": str(seconds)})

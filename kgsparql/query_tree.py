"""rdflib's parse tree of one query text, for the read-only guard (:mod:`kgsparql.readonly`): the
read form, whether a ``SERVICE`` call is anywhere in the tree, and the wording of a refusal when the
text is an update or not SPARQL 1.1. The guard decides which texts to give it."""
from __future__ import annotations

import re
import threading

from .errors import QueryRejected, ReadOnlyViolation

__all__ = ["parse_one"]

_QUERY_NODES = {"SelectQuery": "SELECT", "AskQuery": "ASK", "ConstructQuery": "CONSTRUCT",
                "DescribeQuery": "DESCRIBE"}
_UPDATE_NODES = {"InsertData": "INSERT DATA", "DeleteData": "DELETE DATA", "DeleteWhere": "DELETE WHERE",
                 "Modify": "DELETE/INSERT", "Load": "LOAD", "Clear": "CLEAR", "Drop": "DROP",
                 "Create": "CREATE", "Add": "ADD", "Move": "MOVE", "Copy": "COPY"}
_PARSER_LOCK = threading.Lock()   # pyparsing's packrat cache is shared by threads


def parse_one(text: str) -> tuple[str, bool]:
    """(read form, whether the tree holds a ``SERVICE`` call) of one text rdflib is to read as a
    query; ``ReadOnlyViolation`` when it is an update, ``QueryRejected`` when it is not SPARQL 1.1."""
    from pyparsing import ParseBaseException
    from rdflib.plugins.sparql.parser import parseQuery, parseUpdate

    with _PARSER_LOCK:
        try:
            tree = parseQuery(text)
        except ParseBaseException as exc:
            _refuse_unparsed(text, parseUpdate, exc)
        except Exception as exc:  # noqa: BLE001 - the parser's own failures (bad escapes, recursion)
            raise QueryRejected(f"refused: the query cannot be parsed ({type(exc).__name__})") from None
    form = next((_QUERY_NODES[n.name] for n in tree if getattr(n, "name", None) in _QUERY_NODES), None)
    if form is None:
        raise QueryRejected("refused: not a SPARQL query")
    return form, _calls_service(tree)


def _refuse_unparsed(query: str, parse_update, exc: Exception):
    """Word the refusal of a text that is not a query: an update (named; also one that follows a
    query, as in ``SELECT … ; DROP ALL``), or not SPARQL 1.1."""
    rest = query[getattr(exc, "loc", 0):].lstrip().removeprefix(";")
    for text in (query, rest):
        try:
            update = parse_update(text)
        except Exception:  # noqa: BLE001 - not an update either
            continue
        ops = [_UPDATE_NODES.get(getattr(op, "name", ""), "an update") for op in dict.get(update, "request") or []]
        if ops:
            raise ReadOnlyViolation(f"refused: {ops[0]} would change data; updates are never run")
    if not re.sub(r"#[^\n]*", "", query).strip():
        raise ReadOnlyViolation("refused: not a SPARQL query (empty query)")
    where = f" (line {exc.lineno}, column {exc.col})" if getattr(exc, "lineno", None) else ""
    raise QueryRejected(f"refused: not a valid SPARQL 1.1 query{where}")


def _calls_service(tree) -> bool:
    """True when a ``ServiceGraphPattern`` node is anywhere in the tree (patterns, expressions,
    sub-selects): the tree is walked whole, not searched for a keyword."""
    from pyparsing import ParseResults
    from rdflib.plugins.sparql.parserutils import CompValue

    stack = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, CompValue):
            if node.name == "ServiceGraphPattern":
                return True
            stack.extend(dict.values(node))
        elif isinstance(node, (list, tuple, ParseResults)):
            stack.extend(node)
    return False

"""The read-only guard: one function, :func:`query_kind`, decides from the parsed query whether a
text may run. Every endpoint calls it before a query leaves the process, and so may any front end
that takes query text from a user (``kgsparql sparql``, a server).

The decision is made on the parse tree of a real SPARQL 1.1 parser (rdflib's), never by looking for
keywords: a ``SERVICE`` call is a ``ServiceGraphPattern`` node wherever it sits (after ``.``, in
``FILTER EXISTS``, a sub-select, ``OPTIONAL``), and an update does not parse as a query at all.
Texts that cannot hold a ``SERVICE`` call or an update (none of the letters of those keywords in a
row, after ``\\u`` escapes are expanded as the grammar says) skip the parser: the hot template
queries cost a substring search. Parsed decisions are cached by text."""
from __future__ import annotations

import re
import threading
from functools import lru_cache

from .errors import QueryRejected, ReadOnlyViolation, ServiceRefused

__all__ = ["query_kind", "check_read_only", "passed_read_form", "READ_FORMS"]

READ_FORMS = ("SELECT", "ASK", "CONSTRUCT", "DESCRIBE")
_UPDATE_WORDS = ("insert", "delete", "load", "clear", "drop", "create", "add", "move", "copy")
_ESCAPE = re.compile(r"\\u([0-9A-Fa-f]{4})|\\U([0-9A-Fa-f]{8})")
_QUERY_NODES = {"SelectQuery": "SELECT", "AskQuery": "ASK", "ConstructQuery": "CONSTRUCT",
                "DescribeQuery": "DESCRIBE"}
_UPDATE_NODES = {"InsertData": "INSERT DATA", "DeleteData": "DELETE DATA", "DeleteWhere": "DELETE WHERE",
                 "Modify": "DELETE/INSERT", "Load": "LOAD", "Clear": "CLEAR", "Drop": "DROP",
                 "Create": "CREATE", "Add": "ADD", "Move": "MOVE", "Copy": "COPY"}
_FIRST_WORD = re.compile(r"(?:\s|#[^\n\r]*|PREFIX\s+[^\s:]*:\s*<[^>]*>|BASE\s*<[^>]*>)*([A-Za-z]+)",
                         re.IGNORECASE)
_ESCAPES_FOR_RDFLIB = re.compile(r"\\\\|\\u[0-9A-Fa-f]{4}|\\U[0-9A-Fa-f]{8}")
_PARSER_LOCK = threading.Lock()   # pyparsing's packrat cache is shared by threads

SERVICE_REFUSED = ("refused: SERVICE (federated query) is disabled; set allow_service = true or pass "
                   "--allow-service to let the store fetch other endpoints")


def query_kind(query: str, *, allow_service: bool = False) -> str:
    """``SELECT`` / ``ASK`` / ``CONSTRUCT`` / ``DESCRIBE`` for one read-only SPARQL 1.1 query.
    Raises ``ReadOnlyViolation`` for an update, ``ServiceRefused`` for a query that calls
    ``SERVICE`` (the store would fetch any URL it names) unless ``allow_service``, and
    ``QueryRejected`` for a text that is not one SPARQL 1.1 query."""
    if not isinstance(query, str):
        raise QueryRejected("refused: the query is not text")
    fast = _plain_read_form(query)
    if fast is not None:
        return fast
    kind, calls_service = _parsed(query)
    if calls_service and not allow_service:
        raise ServiceRefused(SERVICE_REFUSED)
    return kind


def check_read_only(query: str, *, allow_service: bool = False) -> None:
    query_kind(query, allow_service=allow_service)


def passed_read_form(query: str) -> str:
    """The read form of a text the guard has already passed (with SERVICE allowed or not): its
    first keyword after the prologue, or, when that is spelt with escapes, the guard's answer."""
    m = _FIRST_WORD.match(query)
    word = m.group(1).upper() if m else ""
    return word if word in READ_FORMS else query_kind(query, allow_service=True)


def _plain_read_form(query: str) -> str | None:
    """The read form of a text that has no ``service`` and no update keyword anywhere in it (case
    folded, escapes expanded), so that neither can be parsed out of it; None: ask the parser."""
    try:
        text = _ESCAPE.sub(lambda m: chr(int(m.group(1) or m.group(2), 16)), query).lower()
    except (ValueError, OverflowError):
        return None
    if "service" in text or any(word in text for word in _UPDATE_WORDS):
        return None
    m = _FIRST_WORD.match(text)
    word = m.group(1).upper() if m else ""
    return word if word in READ_FORMS else None


@lru_cache(maxsize=4096)
def _parsed(query: str) -> tuple[str, bool]:
    """(read form, whether any reading of the text calls SERVICE), or a refusal. Each way a store
    may read the text (``_readings``) is parsed; a reading that is an update refuses the text, and
    so does a text no reading parses, or whose readings disagree on the form."""
    found, refusals = set(), []
    for text in _readings(query):
        try:
            found.add(_parse_one(text))
        except (ReadOnlyViolation, QueryRejected) as exc:
            refusals.append(exc)
    updates = [exc for exc in refusals if "would change data" in str(exc)]
    if updates or not found:
        raise (updates or refusals)[0]
    forms = {form for form, _ in found}
    if len(forms) > 1:
        raise QueryRejected(f"refused: the query reads as {' or '.join(sorted(forms))} depending on escapes")
    return forms.pop(), any(service for _, service in found)


def _readings(query: str) -> list[str]:
    """The texts rdflib is given, one per way a store may tokenise ``query``. The SPARQL 1.1 text
    expands ``\\u0022`` escapes *before* tokenising (rdflib does that itself on the raw text) and ends
    a comment at \r as at \n (rdflib only at \n: \r is made \n). Oxigraph reads a codepoint escape as
    a character inside a string or IRI (and refuses it elsewhere), so ``"a\\u0022 , " . SERVICE …`` is
    one string to the first reading and a call to the second: there, each escape becomes a plain
    letter and an escaped backslash a plain escape, which change no token's end and spell no keyword."""
    lines = query.replace("\r", "\n")
    plain = _ESCAPES_FOR_RDFLIB.sub(lambda m: "\\t" if m.group(0) == "\\\\" else "x", lines)
    return list(dict.fromkeys((plain, lines, query)))


def _parse_one(text: str) -> tuple[str, bool]:
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

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
from functools import lru_cache

from .errors import QueryRejected, ReadOnlyViolation, ServiceRefused
from .query_tree import parse_one

__all__ = ["query_kind", "check_read_only", "passed_read_form", "READ_FORMS"]

READ_FORMS = ("SELECT", "ASK", "CONSTRUCT", "DESCRIBE")
_UPDATE_WORDS = ("insert", "delete", "load", "clear", "drop", "create", "add", "move", "copy")
_ESCAPE = re.compile(r"\\u([0-9A-Fa-f]{4})|\\U([0-9A-Fa-f]{8})")
_FIRST_WORD = re.compile(r"(?:\s|#[^\n\r]*|PREFIX\s+[^\s:]*:\s*<[^>]*>|BASE\s*<[^>]*>)*([A-Za-z]+)",
                         re.IGNORECASE)
_ESCAPES_FOR_RDFLIB = re.compile(r"\\\\|\\u[0-9A-Fa-f]{4}|\\U[0-9A-Fa-f]{8}")

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
    kind, calls_service, partly_parsed = _parsed(query)
    if calls_service and not allow_service:
        raise ServiceRefused(SERVICE_REFUSED)
    if partly_parsed:
        raise QueryRejected("refused: the query parses only under some readings of its \\u escapes "
                            "and line ends; write those characters themselves")
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
def _parsed(query: str) -> tuple[str, bool, bool]:
    """(read form, whether any reading of the text calls SERVICE, whether some reading did not
    parse), or a refusal. Each way a store may read the text (``_readings``) is parsed; a reading
    that is an update refuses the text, and so does a text no reading parses, or whose readings
    disagree on the form. A text only some readings parse is refused by the caller (after a SERVICE
    call seen in any reading, which names the better reason): the guard cannot see what the failed
    reading holds, and rdflib loses a ``SERVICE`` after a string with ``#`` in it, so the store's
    reading may be the one that failed."""
    found, refusals = set(), []
    for text in _readings(query):
        try:
            found.add(parse_one(text))
        except (ReadOnlyViolation, QueryRejected) as exc:
            refusals.append(exc)
    updates = [exc for exc in refusals if "would change data" in str(exc)]
    if updates or not found:
        raise (updates or refusals)[0]
    forms = {form for form, _ in found}
    if len(forms) > 1:
        raise QueryRejected(f"refused: the query reads as {' or '.join(sorted(forms))} depending on escapes")
    return forms.pop(), any(service for _, service in found), bool(refusals)


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

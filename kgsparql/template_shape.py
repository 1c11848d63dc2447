"""What a query template promises about its answers, read from its text: the variables its SELECT
projects, the variables its patterns use only as predicates (IRIs in every answer) and its
COUNT/SUM/AVG aliases (numbers); and the check of an endpoint's rows against that promise."""
from __future__ import annotations

import re

from .errors import MalformedResponse
from .types import IRI, Literal

__all__ = ["projected_variables", "answer_shape", "check_rows"]

_PROJECTION = re.compile(r"\bSELECT\s+(?:DISTINCT\s+|REDUCED\s+)?(.*?)(?:\bWHERE\b|\{)", re.IGNORECASE | re.DOTALL)
_ALIAS = re.compile(r"\(.*?\bAS\s+\?(\w+)\s*\)", re.IGNORECASE | re.DOTALL)
_NUMBER_ALIAS = re.compile(r"\(\s*(?:COUNT|SUM|AVG)\s*\(.*?\)\s+AS\s+\?(\w+)\s*\)", re.IGNORECASE | re.DOTALL)
_TERM = r"(\?\w+|<[^<>\s]*>|[A-Za-z][\w-]*:[\w.-]*|[\"'])"
_TRIPLE = re.compile(r"(?=" + _TERM + r"\s+" + _TERM + r"\s+" + _TERM + ")")
_NOT_PATTERNS = re.compile(r"VALUES\s*(?:\?\w+|\([^)]*\))|SELECT\b[^{]*|GROUP BY.*|ORDER BY.*|#.*", re.IGNORECASE)
_MAYBE = re.compile(r"\b(?:OPTIONAL|EXISTS|MINUS)\s*\{", re.IGNORECASE)


def answer_shape(text: str) -> tuple[frozenset[str], frozenset[str]]:
    """Variables the template's patterns use as predicates only (IRIs in every answer), and the
    COUNT/SUM/AVG aliases (numbers in every answer). Patterns under OPTIONAL, EXISTS or MINUS
    do not bind what they name, so they do not count as predicates there."""
    body, roles = _NOT_PATTERNS.sub(" ", text), {}
    sure = _without_maybe(body)
    for part, trusted in ((body, False), (sure, True)):
        for s, p, o in _TRIPLE.findall(part):
            for term, role in ((s, "other"), (p, "predicate" if trusted else "maybe"), (o, "other")):
                if term.startswith("?"):
                    roles.setdefault(term[1:], set()).add(role)
    predicates = {v for v, r in roles.items() if r <= {"predicate", "maybe"} and "predicate" in r}
    return frozenset(predicates), frozenset(_NUMBER_ALIAS.findall(text))


def _without_maybe(body: str) -> str:
    """``body`` without the groups of OPTIONAL, EXISTS and MINUS (braces matched)."""
    while (m := _MAYBE.search(body)) is not None:
        depth, end = 0, len(body)
        for i in range(m.end() - 1, len(body)):
            depth += {"{": 1, "}": -1}.get(body[i], 0)
            if depth == 0:
                end = i + 1
                break
        body = body[:m.start()] + " " + body[end:]
    return body


def projected_variables(text: str) -> frozenset[str] | None:
    """The variables the SELECT of ``text`` projects (None: ``SELECT *`` or not a SELECT)."""
    m = _PROJECTION.search(text)
    if m is None or m.group(1).strip() == "*":
        return None
    head = m.group(1)
    aliases = _ALIAS.findall(head)
    return frozenset(aliases) | frozenset(re.findall(r"\?(\w+)", _ALIAS.sub(" ", head)))


def check_rows(name: str, promised: frozenset[str] | None, shape, rows, endpoint: str):
    """``rows`` if they keep template ``name``'s promise, else a MalformedResponse naming both ends."""
    if promised is None:
        return rows
    head = set(getattr(rows, "variables", ()) or ())
    extra = {k for row in rows for k in row} - promised
    if promised - head or extra:
        got = ", ".join("?" + v for v in sorted(head | extra)) or "no variables"
        raise MalformedResponse(f"{endpoint} answered template {name} with {got}, not the "
                                f"{', '.join('?' + v for v in sorted(promised))} it asks for")
    predicates, numbers = shape
    for row in rows:
        for var, term in row.items():
            if (var in predicates and not isinstance(term, IRI)) or (var in numbers and not _is_number(term)):
                raise MalformedResponse(f"{endpoint} answered template {name} with ?{var} = "
                                        f"{str(term)[:60]!r}, not the {'IRI' if var in predicates else 'number'} "
                                        "it asks for")
    return rows


def _is_number(term) -> bool:
    try:
        float(term.value)
    except (AttributeError, TypeError, ValueError):
        return False
    return isinstance(term, Literal)

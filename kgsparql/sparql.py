"""SPARQL text handling: loading ``.rq`` templates, binding values safely, the read-only guard.

User values never become SPARQL text by string pasting: they are turned into terms by pyoxigraph
(which validates IRIs and escapes literals) and placed into the template's ``VALUES`` blocks."""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable, Mapping, Sequence, Union

import pyoxigraph

from .errors import QueryRejected, ReadOnlyViolation, ServiceRefused, TemplateError
from .registry import folder
from .types import IRI, BlankNode, Literal, Term

__all__ = ["QueryTemplate", "load_query", "render_term", "bind_values", "check_read_only",
           "Bindings", "query_kind"]

# var name -> values, or (var, var, ...) -> rows of values
Bindings = Mapping[Union[str, tuple[str, ...]], Sequence[Union[Term, Sequence[Term]]]]

_VALUES_RE = re.compile(r"VALUES\s+(\?\w+|\((?:\s*\?\w+)+\s*\))\s*\{[^{}]*\}", re.IGNORECASE)
_LIMIT_RE = re.compile(r"\bLIMIT\s+\d+", re.IGNORECASE)


def render_term(term: Term) -> str:
    """N-Triples form of a term, produced and validated by pyoxigraph."""
    try:
        if isinstance(term, IRI):
            return str(pyoxigraph.NamedNode(term.value))
        if isinstance(term, Literal):
            if term.lang:
                return str(pyoxigraph.Literal(term.value, language=term.lang))
            if term.datatype:
                return str(pyoxigraph.Literal(term.value, datatype=pyoxigraph.NamedNode(term.datatype)))
            return str(pyoxigraph.Literal(term.value))
    except ValueError as exc:
        raise TemplateError(f"cannot use {term!r} as a SPARQL value: {exc}") from None
    if isinstance(term, BlankNode):
        raise TemplateError("blank nodes cannot be bound as SPARQL values")
    raise TemplateError(f"not an RDF term: {term!r}")


def _vars_of(head: str) -> tuple[str, ...]:
    return tuple(v.lstrip("?") for v in re.findall(r"\?\w+", head))


def _render_block(names: tuple[str, ...], rows: Iterable) -> str:
    if len(names) == 1:
        vals = (r[0] if isinstance(r, tuple) else r for r in rows)
        body = " ".join("UNDEF" if v is None else render_term(v) for v in vals)
        return f"VALUES ?{names[0]} {{ {body} }}"
    lines = []
    for row in rows:
        if len(row) != len(names):
            raise TemplateError(f"VALUES row {row!r} does not match variables {names}")
        lines.append("(" + " ".join("UNDEF" if t is None else render_term(t) for t in row) + ")")
    return f"VALUES ({' '.join('?' + n for n in names)}) {{ {' '.join(lines)} }}"


def bind_values(query: str, bindings: Bindings | None) -> str:
    """Fill the ``VALUES`` blocks of ``query`` whose variables are bound; each bound variable (or
    tuple of variables) must have a block in the query, so nothing is silently ignored."""
    if not bindings:
        return query
    wanted = {(k,) if isinstance(k, str) else tuple(k): v for k, v in bindings.items()}
    used: set[tuple[str, ...]] = set()

    def repl(m: re.Match) -> str:
        names = _vars_of(m.group(1))
        if names in wanted:
            used.add(names)
            return _render_block(names, wanted[names])
        return m.group(0)

    out = _VALUES_RE.sub(repl, query)
    missing = set(wanted) - used
    if missing:
        raise TemplateError(f"query has no VALUES block for {', '.join('?' + ' ?'.join(m) for m in missing)}")
    return out


@dataclass(frozen=True)
class QueryTemplate:
    name: str
    text: str

    def render(self, bindings: Bindings | None = None, limit: int | None = None) -> str:
        """The limit is set on the template before values are bound, so bound user text (a literal
        such as ``"Kismet LIMIT 5"``) is never rewritten."""
        text = self.text
        if limit is not None:
            if not _LIMIT_RE.search(text):
                raise TemplateError(f"{self.name} has no LIMIT to set")
            text = _LIMIT_RE.sub(f"LIMIT {int(limit)}", text)
        return bind_values(text, bindings)


@lru_cache(maxsize=None)
def load_query(adapter: str, step: str) -> QueryTemplate:
    """``<step>.rq`` of the query folder ``adapter``: ``queries/<adapter>/`` of kgsparql, or the folder
    another package registers under that name (entry-point group ``kgsparql.queries``)."""
    try:
        text = folder("queries", adapter).joinpath(f"{step}.rq").read_text("utf-8")
    except (FileNotFoundError, NotADirectoryError, OSError):
        raise TemplateError(f"no query template queries/{adapter}/{step}.rq") from None
    return QueryTemplate(f"{adapter}/{step}", text)


# --- read-only guard -------------------------------------------------------------------------
# Tokens that hide keywords, as the SPARQL 1.1 grammar defines them (section 19.8): comments end at
# \n or \r; short strings cannot hold a raw line break; long strings may hold one or two quotes in a
# row; escapes are ECHAR only. Text the grammar would not take as a string stays in place and is
# then refused (a stray quote), so the guard never reads a query differently from the server.
_ECHAR = r"""\\[tbnrf"'\\]"""
_STRIP_RE = re.compile(
    r'"""(?:(?:"|"")?(?:[^"\\]|' + _ECHAR + r'))*"""'
    r"|'''(?:(?:'|'')?(?:[^'\\]|" + _ECHAR + r"))*'''"
    r'|"(?:[^"\\\n\r]|' + _ECHAR + r')*"'
    r"|'(?:[^'\\\n\r]|" + _ECHAR + r")*'"
    r'|<[^<>"{}|^`\\\x00-\x20]*>' r"|#[^\n\r]*")
_PROLOGUE_RE = re.compile(r"^\s*(?:(?:PREFIX\s+[\w.-]*:\s*|BASE\s+)(?:<>|\s)*)*", re.IGNORECASE)
_READ_FORMS = ("SELECT", "ASK", "CONSTRUCT", "DESCRIBE")
_UPDATE_WORDS = re.compile(r"(?<![\w?$:.-])(INSERT|DELETE|LOAD|CLEAR|DROP|CREATE|ADD|MOVE|COPY)(?![\w:-])",
                           re.IGNORECASE)
_SERVICE_WORD = re.compile(r"(?<![\w?$:.-])SERVICE(?![\w:-])", re.IGNORECASE)


def _strip(query: str) -> str:
    return _STRIP_RE.sub(lambda m: " " if m.group(0).startswith("#") else " <> ", query)


def query_kind(query: str, *, allow_service: bool = False) -> str:
    """SELECT / ASK / CONSTRUCT / DESCRIBE, or raise ReadOnlyViolation for anything else. A query
    that uses ``SERVICE`` (makes the store fetch any URL) is refused unless ``allow_service``."""
    bare = _strip(query)
    if '"' in bare or "'" in bare:
        raise QueryRejected("refused: the query has an unterminated or malformed string literal")
    body = _PROLOGUE_RE.sub("", bare, count=1)
    word = (re.match(r"\s*([A-Za-z]+)", body) or [None, ""])[1].upper()
    bad = _UPDATE_WORDS.search(bare)
    if bad:
        raise ReadOnlyViolation(f"refused: {bad.group(1).upper()} would change data; updates are never run")
    if word not in _READ_FORMS:
        raise ReadOnlyViolation(f"refused: not a SPARQL query ({word or 'empty query'})")
    if not allow_service and _SERVICE_WORD.search(bare):
        raise ServiceRefused("refused: SERVICE (federated query) is disabled; set allow_service = true "
                             "or pass --allow-service to let the store fetch other endpoints")
    return word


def check_read_only(query: str, *, allow_service: bool = False) -> None:
    query_kind(query, allow_service=allow_service)

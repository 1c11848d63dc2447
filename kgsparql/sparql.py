"""SPARQL text handling: loading ``.rq`` templates, binding values safely (the read-only guard,
``query_kind``, lives in ``kgsparql.readonly`` and is re-exported here).

User values never become SPARQL text by string pasting: they are turned into terms by pyoxigraph
(which validates IRIs and escapes literals) and placed into the template's ``VALUES`` blocks."""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Iterable, Mapping, Sequence, Union

import pyoxigraph

from .errors import TemplateError
from .readonly import check_read_only, query_kind
from .registry import folder
from .template_shape import answer_shape, check_rows, projected_variables
from .types import IRI, BlankNode, Literal, Term

__all__ = ["QueryTemplate", "load_query", "render_term", "bind_values", "bind_checked", "check_read_only",
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
    return _bind(query, bindings)[0]


def bind_checked(query: str, bindings: Bindings | None, *, allow_service: bool = False) -> tuple[str, str]:
    """(bound text, read form): ``bind_values`` and the read-only guard. When the bound values cannot
    change how any text around them is read, the guard judges the text with its bound ``VALUES``
    blocks empty (a template, cheap and cached) instead of a text that may hold thousands of values
    whose names happen to spell an update keyword (docs/reliability.md)."""
    text, blocks = _bind(query, bindings)
    if blocks and _inert(query, blocks):
        return text, query_kind(bind_values(query, {k: [] for k in bindings}), allow_service=allow_service)
    return text, query_kind(text, allow_service=allow_service)


def _inert(query: str, blocks: list[str]) -> bool:
    """Every bound value is one self-delimited token that no reading can end early or run past: no
    backslash (no escape), no line break (no comment end); values holding a quote (literals) only
    when the query has no quote and no backslash (so it holds no string for the quote to close)."""
    if any("\\" in b or "\n" in b or "\r" in b for b in blocks):
        return False
    quoted = any("'" in b or '"' in b for b in blocks)
    return not quoted or not any(c in query for c in "\"'\\")


def _bind(query: str, bindings: Bindings | None) -> tuple[str, list[str]]:
    """The bound text and the ``VALUES`` blocks rendered into it."""
    if not bindings:
        return query, []
    wanted = {(k,) if isinstance(k, str) else tuple(k): v for k, v in bindings.items()}
    used: set[tuple[str, ...]] = set()
    blocks: list[str] = []

    def repl(m: re.Match) -> str:
        names = _vars_of(m.group(1))
        if names in wanted:
            used.add(names)
            blocks.append(_render_block(names, wanted[names]))
            return blocks[-1]
        return m.group(0)

    out = _VALUES_RE.sub(repl, query)
    missing = set(wanted) - used
    if missing:
        raise TemplateError(f"query has no VALUES block for {', '.join('?' + ' ?'.join(m) for m in missing)}")
    return out, blocks


@dataclass(frozen=True)
class QueryTemplate:
    name: str
    text: str

    @cached_property
    def variables(self) -> frozenset[str] | None:
        """The variables the template's SELECT projects (None: ``SELECT *`` or not a SELECT)."""
        return projected_variables(self.text)

    def check_rows(self, rows, endpoint: str):
        """``rows`` as the template promises them: every projected variable in the result's head,
        no other variable in any row, IRIs and numbers where the template's patterns make them;
        anything else is a MalformedResponse naming both ends."""
        return check_rows(self.name, self.variables, self.shape, rows, endpoint)

    @cached_property
    def shape(self) -> tuple[frozenset[str], frozenset[str]]:
        return answer_shape(self.text)

    def render(self, bindings: Bindings | None = None, limit: int | None = None) -> str:
        """The limit is set on the template before values are bound, so bound user text (a literal
        such as ``"Kismet LIMIT 5"``) is never rewritten."""
        return bind_values(self.limited(limit), bindings)

    def limited(self, limit: int | None = None) -> str:
        """The template's text with its LIMIT set (unchanged for None), its VALUES blocks unbound."""
        if limit is None:
            return self.text
        if not _LIMIT_RE.search(self.text):
            raise TemplateError(f"{self.name} has no LIMIT to set")
        return _LIMIT_RE.sub(f"LIMIT {int(limit)}", self.text)


@lru_cache(maxsize=None)
def load_query(adapter: str, step: str) -> QueryTemplate:
    """``<step>.rq`` of the query folder ``adapter``: ``queries/<adapter>/`` of kgsparql, or the folder
    another package registers under that name (entry-point group ``kgsparql.queries``)."""
    try:
        text = folder("queries", adapter).joinpath(f"{step}.rq").read_text("utf-8")
    except (FileNotFoundError, NotADirectoryError, OSError):
        raise TemplateError(f"no query template queries/{adapter}/{step}.rq") from None
    return QueryTemplate(f"{adapter}/{step}", text)

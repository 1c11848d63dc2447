"""``kgsparql sparql``: run one read-only query against a store or an endpoint."""
from __future__ import annotations

import click

from ..errors import InputError
from ..kg import KnowledgeGraph
from ..sparql import query_kind
from .options import emit_json, kg_options, settings_from

__all__ = ["sparql"]

_RUNS = ("SELECT", "ASK")   # the endpoint protocol returns rows or a boolean, not graphs


# Text output is one row per line and one cell per tab: whatever in a value could break that or
# reach the terminal as a control sequence (tab, line breaks, ESC, other C0/C1 controls) is written
# as a backslash escape, and a backslash as two. --json keeps values exact.
_CONTROLS = {c: f"\\x{c:02x}" for c in (*range(0x20), *range(0x7F, 0xA0))}
_CONTROLS.update({ord("\\"): "\\\\", ord("\t"): "\\t", ord("\n"): "\\n", ord("\r"): "\\r",
                  0x2028: "\\u2028", 0x2029: "\\u2029"})


def _cell(term) -> str:
    return "" if term is None else str(term).translate(_CONTROLS)


@click.command()
@click.argument("query")
@kg_options
@click.option("--json", "as_json", is_flag=True, help="SPARQL 1.1 JSON results-like output.")
@click.option("--allow-service", is_flag=True, default=None,
              help="Allow SERVICE (federated query: the store fetches other URLs); off by default.")
def sparql(query, as_json, allow_service, store, endpoint, endpoint_kind, adapter, timeout, config_file):
    """Run a read-only SPARQL QUERY (SELECT or ASK; anything that writes is refused). Use - for stdin.
    The answer always comes from the KG itself, never from the result cache."""
    if query == "-":
        query = click.get_text_stream("stdin").read()
    settings = settings_from(config_file, store=store, endpoint=endpoint, endpoint_kind=endpoint_kind, adapter=adapter,
                             timeout=timeout, allow_service=allow_service or None)
    kind = query_kind(query, allow_service=settings.allow_service)  # refuse before anything is opened
    if kind not in _RUNS:
        raise InputError(f"kgsparql sparql runs SELECT and ASK queries only, not {kind}")
    settings = settings.replace(cache="off")  # a query typed by hand is always answered by the KG itself
    with KnowledgeGraph.from_settings(settings) as kg:
        if kind == "ASK":
            result = kg.endpoint.ask(query)
            emit_json({"boolean": result}) if as_json else click.echo("true" if result else "false")
            return
        rows = kg.endpoint.select(query)
    if as_json:
        emit_json({"head": {"vars": rows.variables}, "truncated": rows.truncated,
                   "results": {"bindings": [{k: _json_term(v) for k, v in r.items()} for r in rows]}})
        return
    click.echo("\t".join(rows.variables))
    for r in rows:
        click.echo("\t".join(_cell(r.get(v)) for v in rows.variables))


def _json_term(t) -> dict:
    from ..types import IRI, Literal

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

"""``kgsparql sparql``: run one read-only query against a store or an endpoint."""
from __future__ import annotations

import click

from ..kg import KnowledgeGraph
from ..typed_query import run_typed_query, runnable_kind
from .flags import emit_json, kg_options, settings_from

__all__ = ["sparql"]


# Text output is one row per line and one cell per tab: whatever in a value could break that or
# reach the terminal as a control sequence (tab, line breaks, ESC, other C0/C1 controls) is written
# as a backslash escape, and a backslash as two. --json keeps values exact.
_CONTROLS = {c: f"\\x{c:02x}" for c in (*range(0x20), *range(0x7F, 0xA0))}
_CONTROLS.update({ord("\\"): "\\\\", ord("\t"): "\\t", ord("\n"): "\\n", ord("\r"): "\\r",
                  0x2028: "\\u2028", 0x2029: "\\u2029"})


def _cell(cell: dict | None) -> str:
    if cell is None:
        return ""
    text = cell["value"] if cell["type"] != "bnode" else "_:" + cell["value"]
    return text.translate(_CONTROLS)


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
    runnable_kind(query, allow_service=settings.allow_service)  # refuse before anything is opened
    settings = settings.replace(cache="off")  # a query typed by hand is always answered by the KG itself
    with KnowledgeGraph.from_settings(settings) as kg:
        result = run_typed_query(kg, query, allow_service=settings.allow_service)
    if as_json:
        return emit_json(result)
    if "boolean" in result:
        return click.echo("true" if result["boolean"] else "false")
    variables = result["head"]["vars"]
    click.echo("\t".join(variables))
    for row in result["results"]["bindings"]:
        click.echo("\t".join(_cell(row.get(v)) for v in variables))

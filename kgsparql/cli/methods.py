"""``kgsparql methods``: the registered QA methods (entry-point group ``kgsparql.methods``), one line each."""
from __future__ import annotations

import click

from ..errors import KGSparqlError
from ..registry import available, describe
from .flags import emit_json

__all__ = ["methods"]


@click.command()
@click.option("--json", "as_json", is_flag=True, help="One JSON object per method.")
def methods(as_json):
    """List the registered QA methods with a one-line description each (use one with --method NAME)."""
    rows = []
    for name in available("method"):
        try:
            rows.append({"name": name, "description": describe("method", name)})
        except KGSparqlError as exc:        # a broken third-party plugin is listed, not fatal
            rows.append({"name": name, "description": f"(cannot load: {exc})"})
    if as_json:
        for row in rows:
            emit_json(row)
        return
    width = max((len(r["name"]) for r in rows), default=0)
    for row in rows:
        click.echo(f"{row['name']:<{width}}  {row['description']}")

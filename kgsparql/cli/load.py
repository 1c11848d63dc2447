"""``kgsparql load``: put RDF or delimited triple files into an embedded Oxigraph store."""
from __future__ import annotations

import click

from ..loading import FORMATS, load_files
from .flags import emit_json, settings_from

__all__ = ["load"]


@click.command()
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False))
@click.option("--store", required=True, type=click.Path(file_okay=False), help="Store directory (created if missing).")
@click.option("--format", "fmt", type=click.Choice(FORMATS), default="auto", show_default=True,
              help="metaqa = head|rel|tail, tsv = head<TAB>rel<TAB>tail; RDF formats by name. Gzip accepted.")
@click.option("--base-iri", default=None, help="Base for IRIs minted from delimited files.")
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
def load(files, store, fmt, base_iri, as_json):
    """Load FILES into the embedded store at --store (idempotent)."""
    settings = settings_from(base_iri=base_iri)
    report = load_files(files, store, fmt, settings.base_iri)
    if as_json:
        emit_json(report.to_json())
    else:
        r = report.to_json()
        click.echo(f"read {r['triples_read']:,} triples from {r['files']} file(s) in {r['seconds']:.2f} s; "
                   f"added {r['added']:,}; the store at {store} now holds {r['store_triples']:,} triples")

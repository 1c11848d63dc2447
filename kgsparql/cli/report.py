"""``kgsparql report ROWS.jsonl [MORE.jsonl ...] --out report.html``: one self-contained HTML page
over results files, side by side (docs/report.md)."""
from __future__ import annotations

import click

from ..eval.report import load_runs, write_report

__all__ = ["report"]


@click.command()
@click.argument("rows", nargs=-1, required=True, type=click.Path(dir_okay=False))
@click.option("--out", required=True, type=click.Path(dir_okay=False), help="The HTML file to write.")
@click.option("--title", default="kgsparql evaluation report", show_default=True, help="The page's title.")
@click.option("--worst", type=click.IntRange(0, 500), default=15, show_default=True,
              help="Worst questions shown per results file, with their evidence.")
def report(rows, out, title, worst):
    """Write an HTML report over eval results files (one JSON row per question): accuracy per hop and
    question type, abstentions, latency, SPARQL queries / round trips / LLM calls per question, the
    worst questions with their evidence. Several files are shown side by side."""
    path = write_report(load_runs(list(rows)), out, title=title, worst=worst)
    click.echo(f"wrote {path}", err=True)

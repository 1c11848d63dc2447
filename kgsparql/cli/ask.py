"""``kgsparql ask``: answer one question, or a JSONL batch, with evidence paths and stats."""
from __future__ import annotations

import click

from ..api import Asker, check_question
from ..config import WALKS
from ..errors import InputError
from .batch import open_input, read_batch, stats_line, write_rows
from .flags import emit_json, kg_options, run_options, settings_from

__all__ = ["ask"]


def _print_readable(result: dict) -> None:
    answers = result["answers"]
    click.echo(f"Q: {result['question']}")
    if result.get("abstained"):
        click.echo(f"no answer: {result['abstained']}")
    else:
        click.echo("A: " + (", ".join(answers[:10]) + (f" (+{len(answers) - 10} more)" if len(answers) > 10 else "")
                            if answers else "(no answer found)"))
    if result["evidence"]:
        path = result["evidence"][0]["path"]
        lead = "   considered " if result.get("abstained") else "   because "
        click.echo(lead + "; ".join(f"{h} —{r}→ {t}" for h, r, t in path))
    click.echo(stats_line(result["stats"]))


@click.command()
@click.argument("question", required=False)
@kg_options
@click.option("--method", default=None, help="Method: kelgop (default: plans, then delegates to frag) or another registered one.")
@run_options("question", "answered")
@click.option("--walks", type=click.Choice(WALKS), default=None,
              help="Answer convention: revisit (default: paths never come back to the topic), simple, return.")
def ask(question, store, endpoint, endpoint_kind, adapter, timeout, config_file, method, llm, llm_base_url, input_file,
        as_json, trace, walks, workers):
    """Answer QUESTION (or every line of --input) from the KG. Without --store/--endpoint the bundled
    demo KG (MetaQA movies) is used. Brackets like [Kismet] mark the topic entity, but are optional."""
    if bool(question) == bool(input_file):
        raise InputError("give either a QUESTION or --input FILE.jsonl")
    settings = settings_from(config_file, store=store, endpoint=endpoint, endpoint_kind=endpoint_kind, adapter=adapter, timeout=timeout,
                             method=method, llm=llm, llm_base_url=llm_base_url, trace=trace, walks=walks)
    if input_file:
        with open_input(input_file) as stream, Asker(settings) as asker:
            return write_rows(asker.ask_many(read_batch(stream), workers), as_json, _print_readable, "question")
    check_question(question, settings.max_question_chars)     # before the KG and models are opened
    with Asker(settings) as asker:
        result = asker.ask(question).to_json()
        result.pop("plan", None) if not as_json else None
        emit_json(result) if as_json else _print_readable(result)

"""``kgsparql verify``: check one claim, or a JSONL batch, against the KG: a verdict (true | false |
not_enough_info), the evidence under it, an explanation and stats (docs/verify.md)."""
from __future__ import annotations

import click

from ..api import Verifier, check_question
from ..errors import InputError
from .batch import open_input, read_batch, stats_line, write_rows
from .flags import emit_json, kg_options, settings_from

__all__ = ["verify"]

_MARK = {True: "supports", False: "contradicts"}


def _print_readable(result: dict) -> None:
    click.echo(f"{result['verdict'].upper().replace('_', ' ')}: {result['claim']}")
    for item in result["evidence"][:8]:
        path = "; ".join(f"{h} —{r}→ {t}" for h, r, t in item["path"])
        click.echo(f"   {_MARK[item['supports']]}: {path}")
    click.echo(f"   {result['explanation']}")
    click.echo(stats_line(result["stats"]))


@click.command()
@click.argument("claim", required=False)
@kg_options
@click.option("--method", default=None, help="Claim verifier: refkg (default) or another registered one.")
@click.option("--llm", default=None, help="none (default), llama, llama:/path/model.gguf, openai:MODEL.")
@click.option("--llm-base-url", default=None, help="Base URL of an OpenAI-compatible server.")
@click.option("--input", "input_file", default=None, help="JSONL file (or -) with {'id', 'claim'} per line; a bad line becomes an error row.")
@click.option("--json", "as_json", is_flag=True, help="One JSON object per claim.")
@click.option("--trace", default=None, help="Append every prompt and completion to this JSONL file.")
@click.option("--workers", type=click.IntRange(1, 64), default=1, show_default=True,
              help="With --input: claims verified at once (threads); output stays in input order.")
def verify(claim, store, endpoint, endpoint_kind, adapter, timeout, config_file, method, llm, llm_base_url,
           input_file, as_json, trace, workers):
    """Check CLAIM (or every line of --input) against the KG: true, false or not_enough_info, with
    the evidence paths. Without --store/--endpoint the bundled demo KG (MetaQA movies) is used."""
    if bool(claim) == bool(input_file):
        raise InputError("give either a CLAIM or --input FILE.jsonl")
    settings = settings_from(config_file, store=store, endpoint=endpoint, endpoint_kind=endpoint_kind,
                             adapter=adapter, timeout=timeout, llm=llm, llm_base_url=llm_base_url, trace=trace)
    if input_file:
        with open_input(input_file) as stream, Verifier(settings, verifier=method) as verifier:
            return write_rows(verifier.verify_many(read_batch(stream, "claim"), workers), as_json, _print_readable, "claim")
    check_question(claim, settings.max_question_chars, "claim")     # before the KG and models are opened
    with Verifier(settings, verifier=method) as verifier:
        result = verifier.verify(claim).to_json()
        result.pop("plan", None) if not as_json else None
        emit_json(result) if as_json else _print_readable(result)

"""``kgsparql verify``: check one claim, or a JSONL batch, against the KG: a verdict (true | false |
not_enough_info), the evidence under it, an explanation and stats (docs/verify.md)."""
from __future__ import annotations

import click

from ..api import Verifier, check_question
from ..errors import InputError
from .batch import open_input, read_batch, stats_line, write_rows
from .flags import emit_json, kg_options, run_options, settings_from, verifier_choice

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
@click.option("--verifier", default=None, help="Claim verifier: refkg (default) or another registered one.")
@click.option("--method", default=None, hidden=True, help="The old name of --verifier.")
@run_options("claim", "verified")
def verify(claim, store, endpoint, endpoint_kind, adapter, timeout, config_file, verifier, method, llm, llm_base_url,
           input_file, as_json, trace, workers):
    """Check CLAIM (or every line of --input) against the KG: true, false or not_enough_info, with
    the evidence paths. Without --store/--endpoint the bundled demo KG (MetaQA movies) is used."""
    if bool(claim) == bool(input_file):
        raise InputError("give either a CLAIM or --input FILE.jsonl")
    name = verifier_choice(verifier, method)
    settings = settings_from(config_file, store=store, endpoint=endpoint, endpoint_kind=endpoint_kind,
                             adapter=adapter, timeout=timeout, llm=llm, llm_base_url=llm_base_url, trace=trace)
    if input_file:
        with open_input(input_file) as stream, Verifier(settings, verifier=name) as checker:
            return write_rows(checker.verify_many(read_batch(stream, "claim"), workers), as_json, _print_readable, "claim")
    check_question(claim, settings.max_question_chars, "claim")     # before the KG and models are opened
    with Verifier(settings, verifier=name) as checker:
        result = checker.verify(claim).to_json()
        result.pop("plan", None) if not as_json else None
        emit_json(result) if as_json else _print_readable(result)

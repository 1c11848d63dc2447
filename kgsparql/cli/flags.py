"""Options shared by several commands and the Settings they resolve to (flag > file > env > default)."""
from __future__ import annotations

from typing import Any

import click

from .. import strict_json
from ..config import Settings
from ..errors import InputError
from ..presets import PRESETS

__all__ = ["kg_options", "run_options", "verifier_choice", "settings_from", "emit_json"]


_PRESET_KEY = "kgsparql.kg_preset"


def _remember_preset(ctx: click.Context, param, value):
    if value is not None:
        ctx.meta[_PRESET_KEY] = value


def kg_options(fn):
    """--store / --endpoint / --kg / --endpoint-kind / --adapter / --timeout / --config. ``--kg`` is not
    passed to the command: ``settings_from`` picks it up from the click context."""
    opts = [
        click.option("--config", "config_file", type=click.Path(dir_okay=False), default=None,
                     help="TOML config file (default: $KGSPARQL_CONFIG, ./kgsparql.toml, ~/.config/kgsparql/config.toml)."),
        click.option("--timeout", type=float, default=None, help="Seconds per SPARQL call."),
        click.option("--adapter", default=None, help="KG schema adapter: generic, freebase, wikidata, dbpedia."),
        click.option("--endpoint-kind", default=None,
                     help="Endpoint plugin to use (default: by the URL's scheme, or embedded for --store)."),
        click.option("--kg", type=click.Choice(list(PRESETS)), default=None, expose_value=False,
                     callback=_remember_preset,
                     help="A public endpoint by name: its URL, adapter and etiquette (docs/presets.md)."),
        click.option("--endpoint", default=None, help="SPARQL 1.1 HTTP endpoint URL."),
        click.option("--store", type=click.Path(file_okay=False), default=None,
                     help="Embedded Oxigraph store directory (default: the bundled demo KG)."),
    ]
    for opt in opts:
        fn = opt(fn)
    return fn


def run_options(item: str, done: str):
    """--llm / --llm-base-url / --input / --json / --trace / --workers, as ``ask`` (``item`` question,
    ``done`` answered) and ``verify`` (claim, verified) share them."""
    opts = [
        click.option("--workers", type=click.IntRange(1, 64), default=1, show_default=True,
                     help=f"With --input: {item}s {done} at once (threads); output stays in input order."),
        click.option("--trace", default=None, help="Append every prompt and completion to this JSONL file."),
        click.option("--json", "as_json", is_flag=True, help=f"One JSON object per {item}."),
        click.option("--input", "input_file", default=None,
                     help=f"JSONL file (or -) with {{'id', '{item}'}} per line; a bad line becomes an error row."),
        click.option("--llm-base-url", default=None, help="Base URL of an OpenAI-compatible server."),
        click.option("--llm", default=None, help="none (default), llama, llama:/path/model.gguf, openai:MODEL."),
    ]

    def decorate(fn):
        for opt in opts:
            fn = opt(fn)
        return fn

    return decorate


def verifier_choice(verifier: str | None, method: str | None) -> str | None:
    """``--verifier``, or the hidden ``--method`` it replaced (both: they must agree)."""
    if verifier and method and verifier != method:
        raise InputError(f"--verifier {verifier} and --method {method} disagree: give --verifier only")
    return verifier or method


def settings_from(config_file: str | None = None, **flags: Any) -> Settings:
    ctx = click.get_current_context(silent=True)
    if ctx is not None and ctx.meta.get(_PRESET_KEY):
        flags.setdefault("kg", ctx.meta[_PRESET_KEY])
    return Settings.load(flags=flags, config_file=config_file)


def emit_json(obj: Any) -> None:
    """One line of strict JSON (kgsparql.strict_json)."""
    click.echo(strict_json.dumps(obj))

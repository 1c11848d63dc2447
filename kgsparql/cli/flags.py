"""Options shared by several commands and the Settings they resolve to (flag > file > env > default)."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from .. import strict_json
from ..config import Settings
from ..errors import InputError
from ..presets import PRESETS

__all__ = ["kg_options", "run_options", "training_options", "training_inputs", "verifier_choice", "settings_from", "emit_json"]


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


def training_options(synthetic: int, seed: int, model_file: str):
    """--synthetic / --with / --per-set / --seed / --data-dir / --out / --json, as the ``train`` commands
    that learn from a KG's own triples and benchmark shares share them (defaults differ per model)."""
    opts = [
        click.option("--json", "as_json", is_flag=True),
        click.option("--out", type=click.Path(dir_okay=False), default=None,
                     help=f"Where to write the model (default: <home>/models/{model_file})."),
        click.option("--data-dir", default=None, help="Benchmark data (default: $KGSPARQL_DATA_DIR or ../shared/data)."),
        click.option("--seed", type=int, default=seed, show_default=True),
        click.option("--per-set", type=click.IntRange(min=1), default=300, show_default=True,
                     help="Questions sampled per benchmark file."),
        click.option("--with", "with_sets", default="",
                     help="Comma list of benchmark data to add: metaqa (train share), webqsp-dev, cwq-dev (questions, "
                          "weakly labelled); metaqa-kb, webqsp-kb, cwq-kb (--synthetic questions about that KB)."),
        click.option("--synthetic", type=click.IntRange(min=0), default=synthetic, show_default=True,
                     help="Synthetic questions written from the KG's own triples (0: none)."),
    ]

    def decorate(fn):
        for opt in opts:
            fn = opt(fn)
        return fn

    return decorate


def training_inputs(settings: Settings, with_sets: str, data_dir: str | None, out: str | None, model_file: str,
                    as_json: bool):
    """What a ``train`` command reads from its shared options: the benchmark sets, their data folder, where
    the model goes and where progress is written."""
    from ..eval.datasets import resolve_data_dir

    sets = [s.strip() for s in with_sets.split(",") if s.strip()]
    path = Path(out) if out else settings.home_path / "models" / model_file
    log = (lambda s: None) if as_json else (lambda s: click.echo(s, err=True))
    data = resolve_data_dir(data_dir, settings.data_dir) if sets else Path(".")
    return sets, data, path, log


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

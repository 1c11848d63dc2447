"""``kgsparql eval FILE.jsonl --store S`` (or ``--endpoint URL``): a user's own questions with their
answers, asked against their own KG, scored and written like a benchmark (docs/evaluation.md); and
the summary output every `eval` run prints."""
from __future__ import annotations

from pathlib import Path

import click

from ..errors import InputError
from ..eval.runner import Runner
from ..eval.summary import format_table, summarize
from ..eval.user_file import load_user_questions
from .flags import emit_json

__all__ = ["looks_like_file", "run_user_file", "eval_user_file", "report_summary"]


def looks_like_file(dataset: str) -> bool:
    return dataset.endswith((".jsonl", ".json")) or Path(dataset).is_file()


def run_user_file(path: str, settings, runner: Runner, *, store, endpoint, limit, quiet, workers) -> tuple[list, dict]:
    """Ask the file's questions (the first ``limit``); returns the rows of this file and the summary."""
    from ..api import Asker

    if not (store or endpoint):
        raise InputError("a questions file is asked against your KG: give --store DIR or --endpoint URL")
    items, bad = load_user_questions(path)
    if limit is not None:
        if limit < 1:
            raise InputError("--limit must be at least 1")
        items = items[:limit]
    for item, error in bad:
        if not quiet:
            click.echo(f"warning: {error}", err=True)
        runner.record_error(item, error)
    with Asker(settings.replace(store=store, endpoint=endpoint)) as asker:
        runner.run(items, asker, desc=Path(path).name, workers=workers)
    selected = {it.id for it in items} | {it.id for it, _ in bad}
    rows = [r for r in runner.rows if r["id"] in selected]
    return rows, summarize(rows)


def report_summary(summary: dict, as_json: bool, meta: dict) -> None:
    if as_json:
        emit_json({**meta, **summary})
        return
    sel = ", ".join(k.replace("_", "-") if v is True else f"{k} {v}"
                    for k, v in meta.items() if v is not None and v is not False and k != "dataset")
    click.echo(f"{meta.get('dataset') or 'results'}: {sel}")
    click.echo(format_table(summary))


def eval_user_file(path, store, endpoint, limit, out, resume, overwrite, as_json, quiet, workers, settings) -> None:
    with Runner(out, resume=resume, overwrite=overwrite, quiet=quiet) as runner:
        try:
            rows, summary = run_user_file(path, settings, runner, store=store, endpoint=endpoint, limit=limit,
                                          quiet=quiet, workers=workers)
        except KeyboardInterrupt:
            hint = f"; continue with --resume --out {out}" if out else ""
            click.echo(f"interrupted after {len(runner.rows)} question(s){hint}", err=True)
            raise click.exceptions.Exit(130) from None
    report_summary(summary, as_json, {"dataset": path, "limit": limit, "method": settings.method, "llm": settings.llm,
                               "adapter": settings.adapter, "out": out})

"""``kgsparql eval FILE.jsonl --store S`` (or ``--endpoint URL``): a user's own questions with their
answers, asked against their own KG, scored and written like a benchmark (docs/evaluation.md)."""
from __future__ import annotations

from pathlib import Path

import click

from ..errors import InputError
from ..eval.runner import Runner
from ..eval.summary import summarize
from ..eval.user_file import load_user_questions

__all__ = ["looks_like_file", "run_user_file"]


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

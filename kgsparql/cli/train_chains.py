"""``kgsparql train chains --with webqsp-dev,cwq-dev`` / ``--examples my.jsonl``: a chain-prior head
for one KG from question-answer pairs (``eval.chain_prior_training``)."""
from __future__ import annotations

from pathlib import Path

import click

from .flags import emit_json, settings_from

__all__ = ["prior_head_options", "train_prior_head"]


def prior_head_options(fn):
    for opt in reversed([
        click.option("--with", "sources", default=None,
                     help="Label these dev shares instead of the train sets: webqsp-dev,cwq-dev (their own stores)."),
        click.option("--examples", type=click.Path(dir_okay=False, exists=True), default=None,
                     help="Your own {id, question, answers, answer_iris?} JSON lines, asked of --store/--endpoint "
                          "(or the configured KG)."),
        click.option("--store", type=click.Path(file_okay=False), default=None, help="Oxigraph store (with --examples)."),
        click.option("--endpoint", default=None, help="SPARQL endpoint (with --examples)."),
        click.option("--adapter", default=None, help="KG schema adapter (with --examples)."),
        click.option("--min-f1", type=float, default=0.0, show_default=True,
                     help="Keep a question when its best chain's answer F1 is above this."),
        click.option("--out", type=click.Path(dir_okay=False), default=None,
                     help="Where to write the head (default: <home>/models/chains-<source>.npz)."),
        click.option("--prior-weight", type=click.FloatRange(0, 1), default=None,
                     help="FRAG's prior_weight where this head speaks (default: [methods.frag])."),
        click.option("--trained-weight", type=click.FloatRange(0, 1), default=None,
                     help="FRAG's trained_weight where this head speaks (default: [methods.frag])."),
    ]):
        fn = opt(fn)
    return fn


def train_prior_head(sources, examples, store, endpoint, adapter, min_f1, out, data_dir, as_json,
                     fusion: dict | None = None) -> None:
    from ..eval.chain_prior_training import benchmark_labels, file_labels, fit_prior
    from ..eval.datasets import resolve_data_dir
    from ..rank import build_ranker

    flags = {k: v for k, v in (("store", store), ("endpoint", endpoint), ("adapter", adapter)) if v}
    settings = settings_from(None, **flags) if flags else settings_from(None)
    log = (lambda s: None) if as_json else (lambda s: click.echo(s, err=True))
    labelled = []
    if sources:
        labelled += benchmark_labels(settings, resolve_data_dir(data_dir, settings.data_dir),
                                     [s.strip() for s in sources.split(",") if s.strip()], min_f1=min_f1, log=log)
    if examples:
        labelled += file_labels(settings, Path(examples), min_f1=min_f1, log=log)
    name = "own" if examples else "-".join(s.strip() for s in sources.split(","))
    path = Path(out) if out else settings.home_path / "models" / f"chains-{name}.npz"
    report = fit_prior(labelled, build_ranker("embedding", settings).embed, path, fusion)
    if as_json:
        emit_json(report.to_json())
        return
    click.echo(f"chain prior: {report.examples} questions, {report.classes} chains, train accuracy "
               f"{report.train_accuracy:.3f}, {report.seconds:.0f} s to fit, wrote {report.path}")
    click.echo(f"use it with [methods.frag] chain_model = \"packaged,{report.path}\" "
               "(a comma list; docs/training.md)")

"""``kgsparql train fit``: fit the relation-fit model (can abstention say "none of these fits"?) for any KG."""
from __future__ import annotations

from pathlib import Path

import click

from .flags import emit_json, kg_options, settings_from, training_inputs, training_options

__all__ = ["fit"]


@click.command("fit")
@kg_options
@training_options(synthetic=400, seed=1, model_file="relation-fit.npz")
@click.option("--scorer", "scorer_path", default=None, help="The chain scorer to read (default: the shipped one).")
@click.option("--rows", "rows_out", type=click.Path(dir_okay=False), default=None,
              help="Also save the feature rows (.npz) for benchmarks/relation_fit.py.")
def fit(synthetic, with_sets, per_set, seed, scorer_path, data_dir, out, rows_out, as_json, store, endpoint, endpoint_kind,
        adapter, timeout, config_file):
    """The relation-fit model that abstention reads: P(a chain answers the question), trained with the
    right chain taken away (the topic or the KG lacks the relation) as negatives."""
    from ..eval.fit_training import train_relation_fit

    settings = settings_from(config_file, store=store, endpoint=endpoint, endpoint_kind=endpoint_kind,
                             adapter=adapter, timeout=timeout)
    sets, data, path, log = training_inputs(settings, with_sets, data_dir, out, "relation-fit.npz", as_json)
    report = train_relation_fit(settings, data, path, synthetic=synthetic, own_kg=bool(store or endpoint),
                                sets=sets, per_part=per_set, seed=seed, scorer_path=scorer_path,
                                rows_out=Path(rows_out) if rows_out else None, log=log)
    if as_json:
        emit_json(report.to_json())
        return
    click.echo(f"fit: {report.questions} questions ({', '.join(f'{k} {v}' for k, v in report.sources.items())}), "
               f"{report.rows} rows, threshold {report.threshold:.2f}, balanced accuracy "
               f"{', '.join(f'{k} {v:.3f}' for k, v in report.balanced_accuracy.items())}, "
               f"{report.seconds:.0f} s, wrote {report.path}")
    click.echo("use it with [plugins.abstention] fit_model = ... in kgsparql.toml")

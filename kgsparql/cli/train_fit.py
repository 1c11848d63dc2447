"""``kgsparql train fit``: fit the relation-fit model (can abstention say "none of these fits"?) for any KG."""
from __future__ import annotations

from pathlib import Path

import click

from .flags import emit_json, kg_options, settings_from

__all__ = ["fit"]


@click.command("fit")
@kg_options
@click.option("--synthetic", type=int, default=400, show_default=True,
              help="Synthetic questions written from the KG's own triples (0: none).")
@click.option("--with", "with_sets", default="",
              help="Comma list of benchmark data to add: metaqa (train share), webqsp-dev, cwq-dev (questions, "
                   "weakly labelled); metaqa-kb, webqsp-kb, cwq-kb (--synthetic questions about that KB).")
@click.option("--per-set", type=int, default=300, show_default=True, help="Questions sampled per benchmark file.")
@click.option("--seed", type=int, default=1, show_default=True)
@click.option("--scorer", "scorer_path", default=None, help="The chain scorer to read (default: the shipped one).")
@click.option("--data-dir", default=None, help="Benchmark data (default: $KGSPARQL_DATA_DIR or ../shared/data).")
@click.option("--out", type=click.Path(dir_okay=False), default=None,
              help="Where to write the model (default: <home>/models/relation-fit.npz).")
@click.option("--rows", "rows_out", type=click.Path(dir_okay=False), default=None,
              help="Also save the feature rows (.npz) for benchmarks/relation_fit.py.")
@click.option("--json", "as_json", is_flag=True)
def fit(synthetic, with_sets, per_set, seed, scorer_path, data_dir, out, rows_out, as_json, store, endpoint, endpoint_kind,
        adapter, timeout, config_file):
    """The relation-fit model that abstention reads: P(a chain answers the question), trained with the
    right chain taken away (the topic or the KG lacks the relation) as negatives."""
    from ..eval.datasets import resolve_data_dir
    from ..eval.fit_training import train_relation_fit

    settings = settings_from(config_file, store=store, endpoint=endpoint, endpoint_kind=endpoint_kind,
                             adapter=adapter, timeout=timeout)
    if synthetic < 0 or per_set < 1:
        raise click.BadParameter("--synthetic must be at least 0 and --per-set at least 1")
    sets = [s.strip() for s in with_sets.split(",") if s.strip()]
    path = Path(out) if out else settings.home_path / "models" / "relation-fit.npz"
    log = (lambda s: None) if as_json else (lambda s: click.echo(s, err=True))
    data = resolve_data_dir(data_dir, settings.data_dir) if sets else Path(".")
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

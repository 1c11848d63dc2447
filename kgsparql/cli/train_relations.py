"""``kgsparql train relations``: fit the shared question→relation-chain scorer for any KG."""
from __future__ import annotations

from pathlib import Path

import click

from .flags import emit_json, kg_options, settings_from

__all__ = ["relations"]


@click.command("relations")
@kg_options
@click.option("--synthetic", type=int, default=1000, show_default=True,
              help="Synthetic questions written from the KG's own triples (0: none).")
@click.option("--with", "with_sets", default="",
              help="Comma list of benchmark data to add: metaqa (train share), webqsp-dev, cwq-dev (questions, "
                   "weakly labelled); metaqa-kb, webqsp-kb, cwq-kb (--synthetic questions about that KB).")
@click.option("--per-set", type=int, default=300, show_default=True, help="Questions sampled per benchmark file.")
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--data-dir", default=None, help="Benchmark data (default: $KGSPARQL_DATA_DIR or ../shared/data).")
@click.option("--out", type=click.Path(dir_okay=False), default=None,
              help="Where to write the model (default: <home>/models/relations.npz).")
@click.option("--json", "as_json", is_flag=True)
def relations(synthetic, with_sets, per_set, seed, data_dir, out, as_json, store, endpoint, endpoint_kind,
              adapter, timeout, config_file):
    """The shared relation-chain scorer (FRAG's chain ranking, KELGoP's composition), from synthetic
    questions about the KG given with --store / --endpoint and, optionally, benchmark shares."""
    from ..eval.datasets import resolve_data_dir
    from ..eval.relation_training import train_relation_scorer

    settings = settings_from(config_file, store=store, endpoint=endpoint, endpoint_kind=endpoint_kind,
                             adapter=adapter, timeout=timeout)
    if synthetic < 0 or per_set < 1:
        raise click.BadParameter("--synthetic must be at least 0 and --per-set at least 1")
    sets = [s.strip() for s in with_sets.split(",") if s.strip()]
    path = Path(out) if out else settings.home_path / "models" / "relations.npz"
    log = (lambda s: None) if as_json else (lambda s: click.echo(s, err=True))
    data = resolve_data_dir(data_dir, settings.data_dir) if sets else Path(".")
    report = train_relation_scorer(settings, data, path, synthetic=synthetic, own_kg=bool(store or endpoint),
                                   sets=sets, per_part=per_set, seed=seed, log=log)
    if as_json:
        emit_json(report.to_json())
        return
    click.echo(f"relations: {report.examples} questions ({', '.join(f'{k} {v}' for k, v in report.sources.items())}), "
               f"{report.candidates} candidate chains, train accuracy {report.train_accuracy:.3f}, "
               f"{report.seconds:.0f} s, wrote {report.path}")
    click.echo("use it with [methods.frag] relation_model = ... in kgsparql.toml")

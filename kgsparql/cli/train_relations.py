"""``kgsparql train relations``: fit the shared question→relation-chain scorer for any KG."""
from __future__ import annotations


import click

from .flags import emit_json, kg_options, settings_from, training_inputs, training_options

__all__ = ["relations"]


@click.command("relations")
@kg_options
@training_options(synthetic=1000, seed=0, model_file="relations.npz")
def relations(synthetic, with_sets, per_set, seed, data_dir, out, as_json, store, endpoint, endpoint_kind,
              adapter, timeout, config_file):
    """The shared relation-chain scorer (FRAG's chain ranking, KELGoP's composition), from synthetic
    questions about the KG given with --store / --endpoint and, optionally, benchmark shares."""
    from ..eval.relation_training import train_relation_scorer

    settings = settings_from(config_file, store=store, endpoint=endpoint, endpoint_kind=endpoint_kind,
                             adapter=adapter, timeout=timeout)
    sets, data, path, log = training_inputs(settings, with_sets, data_dir, out, "relations.npz", as_json)
    report = train_relation_scorer(settings, data, path, synthetic=synthetic, own_kg=bool(store or endpoint),
                                   sets=sets, per_part=per_set, seed=seed, log=log)
    if as_json:
        emit_json(report.to_json())
        return
    click.echo(f"relations: {report.examples} questions ({', '.join(f'{k} {v}' for k, v in report.sources.items())}), "
               f"{report.candidates} candidate chains, train accuracy {report.train_accuracy:.3f}, "
               f"{report.seconds:.0f} s, wrote {report.path}")
    click.echo("use it with [methods.frag] relation_model = ... in kgsparql.toml")

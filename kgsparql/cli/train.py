"""``kgsparql train``: fit FRAG's router and relation-chain prior on train splits (never dev, tune or test)."""
from __future__ import annotations

from pathlib import Path

import click

from .flags import emit_json, settings_from
from .train_chains import prior_head_options, train_prior_head
from .train_fit import fit
from .train_relations import relations

__all__ = ["train"]


def _sets(spec: str | None):
    from ..eval.frag_training import TRAIN_SETS  # here, not at import: ``kgsparql --help`` stays light

    if not spec:
        return TRAIN_SETS
    out = []
    for item in spec.split(","):
        name, _, variant = item.strip().partition(":")
        out.extend(s for s in TRAIN_SETS if s[0] == name and (not variant or s[1] == variant))
    if not out:
        raise click.BadParameter(f"no training set matches {spec!r}", param_hint="--datasets")
    return out


@click.group()
def train():
    """Train the small models: the relation-chain scorer, the relation-fit model, FRAG's router and chain prior, the planner,
    the verdict head."""


train.add_command(relations)
train.add_command(fit)


def _options(fn):
    for opt in reversed([
        click.option("--datasets", default=None, help="Comma list like metaqa,pathquestion:PQ (default: all train sets)."),
        click.option("--per-part", type=int, default=600, show_default=True, help="Train questions sampled per file."),
        click.option("--seed", type=int, default=0, show_default=True),
        click.option("--data-dir", default=None, help="Benchmark data (default: $KGSPARQL_DATA_DIR or ../shared/data)."),
        click.option("--out-dir", type=click.Path(file_okay=False), default=None,
                     help="Where to write router.npz / chains.npz (default: <home>/models)."),
        click.option("--json", "as_json", is_flag=True),
    ]):
        fn = opt(fn)
    return fn


def _run(which, datasets, per_part, seed, data_dir, out_dir, as_json):
    from ..eval.datasets import resolve_data_dir
    from ..eval.frag_training import collect_labelled, train_chains, train_router
    from ..rank import build_ranker

    settings = settings_from(None)
    out = Path(out_dir) if out_dir else settings.home_path / "models"
    log = (lambda s: None) if as_json else (lambda s: click.echo(s, err=True))
    labelled = collect_labelled(settings, resolve_data_dir(data_dir, settings.data_dir), _sets(datasets),
                                per_part, seed, log)
    embed = build_ranker("embedding", settings).embed
    reports = {}
    if which in ("router", "all"):
        reports["router"] = train_router(labelled, embed, out / "router.npz").to_json()
    if which in ("chains", "all"):
        reports["chains"] = train_chains(labelled, embed, out / "chains.npz").to_json()
    if as_json:
        emit_json(reports)
    else:
        for name, r in reports.items():
            click.echo(f"{name}: {r['examples']} examples, {r['classes']} classes, train accuracy "
                       f"{r['train_accuracy']:.3f}, wrote {r['path']}")
        click.echo("use them with [methods.frag] router_model = ... / chain_model = ... in kgsparql.toml")


@train.command("router")
@_options
def router(**kw):
    """The reasoning-aware router: simple (<= 2 hops) vs complex, from the question alone."""
    _run("router", **kw)


@train.command("chains")
@_options
@prior_head_options
def chains(sources, examples, store, endpoint, adapter, min_f1, out, prior_weight, trained_weight, **kw):
    """The relation-chain prior used to prune relations and rerank paths: from the train sets, or a
    head for one KG from the WebQSP/CWQ dev shares (--with) or your own question-answer pairs (--examples)."""
    if sources or examples:
        fusion = {k: v for k, v in (("prior_weight", prior_weight), ("trained_weight", trained_weight)) if v is not None}
        train_prior_head(sources, examples, store, endpoint, adapter, min_f1, out, kw["data_dir"], kw["as_json"],
                         fusion)
    else:
        _run("chains", **kw)


@train.command("all")
@_options
def all_models(**kw):
    """Both models from one labelling pass."""
    _run("all", **kw)


@train.command("planner")
@click.option("--examples", type=click.Path(dir_okay=False, exists=True), default=None,
              help="JSON lines of {question, category} (default: the examples shipped with kgsparql).")
@click.option("--out", type=click.Path(dir_okay=False), default=None,
              help="Where to write the model (default: <home>/models/kelgop.npz).")
@click.option("--json", "as_json", is_flag=True)
def planner(examples, out, as_json):
    """The planner's question-category classifier (KELGoP's LLM-free classification)."""
    from ..learn.categories import load_examples, train_categories
    from ..rank import build_ranker

    settings = settings_from(None)
    path = Path(out) if out else settings.home_path / "models" / "kelgop.npz"
    report = train_categories(load_examples(Path(examples) if examples else None),
                              build_ranker("embedding", settings).embed, path)
    if as_json:
        emit_json(report.to_json())
    else:
        click.echo(f"planner: {report.examples} examples, {report.classes} classes, train accuracy "
                   f"{report.train_accuracy:.3f}, wrote {report.path}")
        click.echo("use it with [methods.kelgop] classifier_model = ... in kgsparql.toml")


@train.command("verifier")
@click.option("--variant", default="llm_v1", show_default=True, help="FactKG variant: llm_v1 or llm_v1_singleStage.")
@click.option("--limit", type=int, default=None, help="Train on this many claims of the split (seeded sample; default all).")
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--data-dir", default=None, help="Benchmark data (default: $KGSPARQL_DATA_DIR or ../shared/data).")
@click.option("--out", type=click.Path(dir_okay=False), default=None,
              help="Where to write the head (default: <home>/models/verifier-factkg-<variant>.npz).")
@click.option("--json", "as_json", is_flag=True)
def verifier(variant, limit, seed, data_dir, out, as_json):
    """The claim verifier's verdict head, on FactKG's validation split only (for that KG only)."""
    from ..eval.datasets import resolve_data_dir
    from ..eval.factkg import VARIANTS
    from ..eval.verifier_training import train_verdict_head

    if variant not in VARIANTS:
        raise click.BadParameter(f"choose one of {', '.join(VARIANTS)}", param_hint="--variant")
    settings = settings_from(None)
    path = Path(out) if out else settings.home_path / "models" / f"verifier-factkg-{variant}.npz"
    log = (lambda s: None) if as_json else (lambda s: click.echo(s, err=True))
    report = train_verdict_head(settings, resolve_data_dir(data_dir, settings.data_dir), variant, path,
                                limit=limit, seed=seed, log=log)
    if as_json:
        emit_json(report.to_json())
    else:
        click.echo(f"verifier head: {report.claims} claims, {report.model} ({report.c}), "
                   f"{'form features and claim embedding' if report.embedding else 'form features'}, threshold "
                   f"{report.threshold}, held-out accuracy {report.held_out_accuracy:.3f} (grouped by entity; "
                   f"rules alone {report.rule_accuracy:.3f}), "
                   f"{report.seconds:.0f} s, wrote {report.path}")
        click.echo(f"use it with kgsparql eval factkg --variant {variant} --head {report.path}")

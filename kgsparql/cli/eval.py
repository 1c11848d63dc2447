"""``kgsparql eval DATASET``: run a QA method over a benchmark, one JSON line per question, and
print Hits@1 / Hit@any / F1 / EM with cost figures, overall and per hop. See docs/evaluation.md."""
from __future__ import annotations

from pathlib import Path

import click

from ..errors import InputError
from ..eval.datasets import DATASETS
from ..eval.items import SPLITS
from ..eval.process_workers import POOLS
from ..eval.results import read_results
from ..eval.runner import Runner
from ..eval.summary import summarize
from ..config import WALKS
from .eval_benchmark import parse_hops, run_selection, select_items
from .eval_file import eval_user_file, looks_like_file, report_summary
from .eval_kb import write_kb_file
from .flags import settings_from, verifier_choice

__all__ = ["eval_cmd", "parse_hops"]


def _html_report(path: str | None, label: str, rows: list[dict], quiet: bool) -> None:
    if path is None or not rows:
        return
    from ..eval.report import Run, write_report

    write_report([Run(label, rows)], path)
    if not quiet:
        click.echo(f"wrote {path}", err=True)


@click.command("eval")
@click.argument("dataset", required=False)
@click.option("--split", type=click.Choice(SPLITS), default="test", show_default=True,
              help="MetaQA: test/dev are the official files, train/tune the seeded 75/25 shares of dev. "
                   "PathQuestion, WC2014: the seeded 8:1:1 split (tune = dev). WebQSP, CWQ: dev (= tune) is a "
                   "seeded 30% of the test file by id hash, test the other 70%.")
@click.option("--hops", multiple=True, help="Hop counts to keep (repeatable or a comma list), e.g. --hops 1,2.")
@click.option("--variant", default=None, help="metaqa: vanilla|ntm; pathquestion: PQ|PQL; wc2014: P|C; "
              "webqsp, cwq: evidence; factkg: llm_v1|llm_v1_singleStage.")
@click.option("--limit", type=int, default=None, help="At most N questions: a seeded sample, split evenly over hops.")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the --limit sample.")
@click.option("--method", default=None, help="QA method (default: kelgop, the planner over frag).")
@click.option("--verifier", default=None, help="factkg: the claim verifier (default: refkg).")
@click.option("--llm", default=None, help="none | llama[:PATH.gguf] | openai:MODEL.")
@click.option("--llm-base-url", default=None, help="Base URL of an OpenAI-compatible server.")
@click.option("--no-brackets", is_flag=True, help="Strip the [ ] around MetaQA topic entities (linking must find them).")
@click.option("--walks", type=click.Choice(WALKS), default=None,
              help="Answer convention (default: the dataset's own; metaqa revisit, pathquestion return).")
@click.option("--store", type=click.Path(file_okay=False), default=None,
              help="Use this Oxigraph store instead of the dataset's own (built under <home>/stores).")
@click.option("--endpoint", default=None, help="Use a SPARQL endpoint holding the dataset's KB.")
@click.option("--adapter", default=None, help="KG schema adapter (default: the dataset's own; generic for a FILE).")
@click.option("--data-dir", type=click.Path(file_okay=False), default=None,
              help="Benchmark data (default: $KGSPARQL_DATA_DIR, else ../shared/data).")
@click.option("--out", type=click.Path(dir_okay=False), default=None, help="Results file, one JSON line per question.")
@click.option("--resume", is_flag=True, help="Continue --out: skip questions already in it.")
@click.option("--overwrite", is_flag=True, help="Replace an existing --out file.")
@click.option("--write-kb", type=click.Path(dir_okay=False), default=None,
              help="Write the dataset's KB (its store, built first if needed) as N-Triples to FILE and exit "
                   "(to bulk-load it into a SPARQL server, e.g. scripts/virtuoso-load.sh).")
@click.option("--gold-topic", is_flag=True,
              help="Give each question's gold topic entities instead of linking them (webqsp, cwq).")
@click.option("--by-qtype", is_flag=True, help="Also summarise per question type.")
@click.option("--summary-only", type=click.Path(dir_okay=False), default=None,
              help="Only summarise an existing results FILE (no DATASET).")
@click.option("--json", "as_json", is_flag=True, help="Print the summary as JSON.")
@click.option("--report", "report_file", type=click.Path(dir_okay=False), default=None,
              help="Also write an HTML report of the results to this file when the eval ends (docs/report.md).")
@click.option("--quiet", is_flag=True, help="No progress bar or notes on stderr.")
@click.option("--timeout", type=float, default=None, help="Seconds per SPARQL call.")
@click.option("--workers", type=click.IntRange(1, 64), default=1, show_default=True,
              help="Questions answered at once; rows stay in input order (docs/speed.md).")
@click.option("--pool", type=click.Choice(POOLS), default="auto", show_default=True,
              help="How --workers run: processes (one model load each; both cores on an embedded store) or "
                   "threads (one shared method; for endpoints, where questions wait). auto: processes for a store.")
@click.option("--head", default=None,
              help="factkg: decide with a trained verdict head instead of the rules: a FILE (kgsparql train "
                   "verifier), or 'default', the head shipped for the variant (its validation split only).")
@click.option("--config", "config_file", type=click.Path(dir_okay=False), default=None, help="TOML config file.")
def eval_cmd(dataset, split, hops, variant, limit, seed, method, verifier, llm, llm_base_url, no_brackets, walks, store,
             endpoint, adapter, data_dir, out, resume, overwrite, write_kb, gold_topic, by_qtype, summary_only, as_json,
             report_file, quiet, timeout, workers, pool, head, config_file):
    """Evaluate a QA method on DATASET (metaqa, pathquestion, wc2014, webqsp, cwq) or on your own
    questions (FILE.jsonl: {id, question, answers} per line, with --store or --endpoint), or a claim verifier on factkg
    (--verifier, default refkg; docs/verify.md)."""
    if summary_only:
        if dataset:
            raise InputError("--summary-only FILE summarises a results file: give no DATASET")
        rows, _ = read_results(Path(summary_only))
        _html_report(report_file, Path(summary_only).stem, rows, quiet)
        return report_summary(summarize(rows, by_qtype=by_qtype), as_json, {"file": summary_only})
    if dataset == "factkg":         # claims, not questions: kgsparql/cli/eval_factkg.py
        from .eval_factkg import run_factkg

        settings = settings_from(config_file, llm=llm, llm_base_url=llm_base_url, timeout=timeout)
        return run_factkg(settings, split=split, variant=variant, limit=limit, seed=seed,
                          verifier=verifier_choice(verifier, method),
                          store=store, endpoint=endpoint, data_dir=data_dir, out=out, resume=resume,
                          overwrite=overwrite, as_json=as_json, quiet=quiet, workers=workers, head=head)
    if head:
        raise InputError("--head is a claim verifier's: it goes with the factkg dataset only")
    if verifier:
        raise InputError("--verifier is for eval factkg; a QA dataset takes --method")
    if store and endpoint:
        raise InputError("give either --store or --endpoint, not both")
    if dataset and dataset not in DATASETS and looks_like_file(dataset):    # a user's own questions
        return eval_user_file(dataset, store, endpoint, limit, out, resume, overwrite, as_json, quiet, workers,
                              settings_from(config_file, method=method, llm=llm, llm_base_url=llm_base_url,
                                            timeout=timeout, adapter=adapter, walks=walks))
    if dataset not in DATASETS:
        raise InputError(f"unknown dataset {dataset!r} (available: {', '.join(DATASETS)}, factkg, or a "
                         "questions FILE.jsonl)" if dataset
                         else f"give a DATASET ({', '.join(DATASETS)}, factkg), a FILE.jsonl or --summary-only FILE")
    if write_kb:
        return write_kb_file(dataset, data_dir, split, variant, parse_hops(hops), write_kb, config_file, quiet)
    with Runner(out, resume=resume, overwrite=overwrite, quiet=quiet, gold_topic=gold_topic) as runner:   # checks --out first
        ds = DATASETS[dataset]
        settings = settings_from(config_file, method=method, llm=llm, llm_base_url=llm_base_url, timeout=timeout,
                                 walks=walks or ds.walks, adapter=adapter).replace(store=None, endpoint=None)
        if not adapter and settings.adapter == "generic":
            settings = settings.replace(adapter=ds.adapter)
        parts = select_items(dataset, data_dir, settings, split, variant, hops, limit, seed, no_brackets)
        try:
            run_selection(runner, parts, settings, store, endpoint, quiet, workers, pool)
        except KeyboardInterrupt:
            hint = f"; continue with --resume --out {out}" if out else ""
            click.echo(f"interrupted after {len(runner.rows)} question(s){hint}", err=True)
            raise click.exceptions.Exit(130) from None
        selected = {it.id for p in parts for it in p.items}
        rows = [r for r in runner.rows if r["id"] in selected]
    if len(rows) < len(runner.rows) and not quiet:
        click.echo(f"note: {len(runner.rows) - len(rows)} row(s) of {out} are not in this selection "
                   "and are left out of the summary (see --summary-only)", err=True)
    meta = {"dataset": dataset, "split": split, "variant": variant, "hops": ",".join(hops) or None,
            "limit": limit, "seed": seed if limit else None, "method": settings.method, "llm": settings.llm,
            "walks": settings.walks, "workers": workers if workers > 1 else None,
            "no_brackets": no_brackets, "gold_topic": gold_topic, "out": out}
    _html_report(report_file, Path(out).stem if out else f"{dataset} {settings.method}", rows, quiet)
    report_summary(summarize(rows, by_qtype=by_qtype or DATASETS[dataset].by_qtype), as_json, meta)

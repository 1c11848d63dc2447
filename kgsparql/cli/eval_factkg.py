"""``kgsparql eval factkg``: verify FactKG claims against a DBpedia-shaped store built from the
evidence triples of the whole split (never a claim's own evidence column); docs/verify.md."""
from __future__ import annotations

import click

from ..errors import InputError
from ..eval.claims import format_claims, run_claims, summarize_claims
from ..eval.datasets import resolve_data_dir
from ..eval.factkg_head import resolve_head
from ..eval.factkg import SPLITS, VARIANTS, factkg_reading, load_factkg, sample_claims
from ..eval.factkg_store import factkg_store
from ..eval.results import CLAIM_REQUIRED, ResultsFile
from .flags import emit_json

__all__ = ["run_factkg"]


def run_factkg(settings, *, split, variant, limit, seed, verifier, store, endpoint, data_dir, out, resume, overwrite,
               as_json, quiet, workers: int = 1, head: str | None = None) -> None:
    from ..api import Verifier

    if split not in SPLITS:
        raise InputError(f"factkg has the splits {', '.join(SPLITS)} (dev = FactKG's validation file), not {split!r}")
    variant = variant or VARIANTS[0]
    if variant not in VARIANTS:
        raise InputError(f"factkg has the variants {', '.join(VARIANTS)}, not {variant!r}")
    head = resolve_head(head, variant, own_store=not (store or endpoint))
    with ResultsFile(out, resume=resume, overwrite=overwrite, required=CLAIM_REQUIRED) as results:      # checks --out first
        claims = load_factkg(resolve_data_dir(data_dir, settings.data_dir), split, variant)
        if not (store or endpoint):     # the store holds the evidence of the whole split, built once
            store = str(factkg_store(claims, f"factkg-{variant}-{split}", settings.home, settings.base_iri, quiet=quiet))
        chosen = sample_claims(claims, limit, seed)
        kg_settings = settings.replace(store=store, endpoint=endpoint, adapter=settings.adapter
                                       if settings.adapter != "generic" else "dbpedia")
        kg_settings = factkg_reading(kg_settings, verifier, **({"head": head} if head else {}))
        with Verifier(kg_settings, verifier=verifier) as checker:
            try:
                run_claims(chosen, checker, results, quiet=quiet, workers=workers)
            except KeyboardInterrupt:
                hint = f"; continue with --resume --out {out}" if out else ""
                click.echo(f"interrupted after {len(results.rows)} claim(s){hint}", err=True)
                raise click.exceptions.Exit(130) from None
        selected = {c.id for c in chosen}
        rows = [r for r in results.rows if r["id"] in selected]
    summary = summarize_claims(rows)
    meta = {"dataset": "factkg", "split": split, "variant": variant, "limit": limit, "seed": seed if limit else None,
            "verifier": verifier or "refkg", "head": head, "llm": settings.llm, "out": out}
    if as_json:
        emit_json({**meta, **summary})
    else:
        click.echo("factkg: " + ", ".join(f"{k} {v}" for k, v in meta.items() if v is not None and k != "dataset"))
        click.echo(format_claims(summary))

"""``kgsparql doctor``: what is installed, what is missing, whether the KG answers."""
from __future__ import annotations

import click

from ..doctor import run_checks
from .flags import emit_json, kg_options, settings_from

__all__ = ["doctor"]


@click.command()
@kg_options
@click.option("--json", "as_json", is_flag=True)
@click.option("--quiet", is_flag=True, help="Print only problems.")
@click.option("--no-kg", is_flag=True, help="Do not open the store/endpoint.")
def doctor(store, endpoint, endpoint_kind, adapter, timeout, config_file, as_json, quiet, no_kg):
    """Check the installation and the configured knowledge graph; exit 1 if something required fails."""
    settings = settings_from(config_file, store=store, endpoint=endpoint, endpoint_kind=endpoint_kind, adapter=adapter, timeout=timeout)
    checks = run_checks(settings, check_kg=not no_kg)
    if as_json:
        emit_json([c.to_json() for c in checks])
    else:
        for c in checks:
            if quiet and c.ok:
                continue
            mark = "ok  " if c.ok else ("FAIL" if c.required else "miss")
            click.echo(f"{mark}  {c.name:<34} {c.detail}")
    if any(c.required and not c.ok for c in checks):
        raise SystemExit(1)

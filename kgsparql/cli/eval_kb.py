"""``kgsparql eval DATASET --write-kb FILE``: the dataset's KB as N-Triples, to load into a server
(scripts/virtuoso-load.sh, docker/README.md)."""
from __future__ import annotations

import click

from ..errors import InputError
from ..eval.datasets import load_dataset, resolve_data_dir
from ..eval.kb import ensure_store, export_ntriples
from .flags import settings_from

__all__ = ["write_kb_file"]


def write_kb_file(dataset, data_dir, split, variant, hops, path, config_file, quiet) -> None:
    settings = settings_from(config_file)
    parts = load_dataset(dataset, resolve_data_dir(data_dir, settings.data_dir), split=split, variant=variant,
                         hops=hops)
    if len({p.kb.name for p in parts}) > 1:
        raise InputError("this selection spans several KBs: pick one with --hops or --variant")
    export_ntriples(ensure_store(parts[0].kb, settings.home, settings.base_iri, quiet=quiet), path)
    if not quiet:
        click.echo(f"wrote the {parts[0].kb.name} KB to {path}", err=True)

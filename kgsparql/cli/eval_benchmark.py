"""Running a benchmark selection for ``kgsparql eval``: which questions (split, hops, a seeded sample)
and answering them KB by KB, with one model load shared by every KB's method."""
from __future__ import annotations

import dataclasses
import itertools

from ..errors import InputError
from ..eval.datasets import load_dataset, resolve_data_dir, sample, strip_brackets
from ..eval.kb import ensure_store
from ..eval.process_workers import choose_pool
from ..eval.runner import Runner

__all__ = ["parse_hops", "select_items", "run_selection"]


def parse_hops(values: tuple[str, ...]) -> set[int] | None:
    """``--hops 1 --hops 2,3`` -> {1, 2, 3}; nothing -> None (all)."""
    out = set()
    for token in (t.strip() for v in values for t in v.split(",")):
        if not token.isdigit() or int(token) < 1:
            raise InputError(f"--hops takes hop counts like 1, 2 or 1,2,3, not {token!r}")
        out.add(int(token))
    return out or None


def select_items(dataset, data_dir, settings, split, variant, hops, limit, seed, no_brackets):
    """The dataset's parts (one per hop count or type) for this split, sampled to ``limit``."""
    parts = load_dataset(dataset, resolve_data_dir(data_dir, settings.data_dir), split=split,
                         variant=variant, hops=parse_hops(hops))
    parts = [p for p in sample(parts, limit, seed) if p.items]
    if no_brackets:
        parts = [dataclasses.replace(p, items=[dataclasses.replace(it, question=strip_brackets(it.question))
                                               for it in p.items]) for p in parts]
    return parts


def run_selection(runner: Runner, parts, settings, store, endpoint, quiet, workers: int = 1, pool: str = "auto") -> None:
    """Answer every pending item, KB by KB (``--store``/``--endpoint`` take a single KB)."""
    from ..api import Asker
    from ..llm import build_llm
    from ..loaded_models import Models

    if (store or endpoint) and len({p.kb.name for p in parts}) > 1:
        raise InputError("this selection spans several KBs (" + ", ".join(sorted({p.kb.name for p in parts}))
                         + "): --store/--endpoint need --hops to pick one")
    processes = choose_pool(pool, workers, endpoint) == "processes"
    models = Models()           # the encoder and the LLM are loaded once, shared by every KB's method
    llm = None if processes else build_llm(settings, models)
    tags = {"method": settings.method}
    for _, group in itertools.groupby(parts, key=lambda p: p.kb.name):
        group = [p for p in group if runner.pending(p.items)]
        if not group:
            continue
        kb_store = store
        if not (store or endpoint):
            kb_store = str(ensure_store(group[0].kb, settings.home, settings.base_iri, quiet=quiet))
        kg_settings = settings.replace(store=kb_store, endpoint=endpoint)
        if processes:           # one pool per KB: each worker process loads its models once (process_workers)
            runner.run_in_processes([it for p in group for it in p.items], kg_settings, workers=workers,
                                    desc=group[0].kb.name, tags=tags)
            continue
        with Asker(kg_settings, llm=llm, models=models) as asker:
            for part in group:
                runner.run(part.items, asker, desc=part.name, workers=workers, tags=tags)
    models.close()

"""Process workers: ``kgsparql eval --workers N`` on an embedded store answers N questions at once in
N processes, because there a question is Python work (linking, ranking, PageRank, row conversion)
that holds the GIL and threads cannot use a second core. Each process opens the store read-only and
builds its own ``Asker`` once (one model load per process) in the pool's initializer; the parent
hands out items and writes the rows back in input order (``parallel.ordered_map`` with this pool),
so a results file is always a prefix of the input and ``--resume`` works as with one worker.

Processes are started with ``spawn``: the parent may hold threads (the ONNX runtime, the thread
pool of ``parallel.gather``) that ``fork`` would copy in a broken state. See docs/speed.md."""
from __future__ import annotations

import dataclasses
import functools
import multiprocessing
from concurrent.futures import ProcessPoolExecutor
from typing import Iterable, Iterator

from ..config import Settings
from ..parallel import ordered_map
from .items import Item

__all__ = ["process_map", "POOLS", "choose_pool"]

POOLS = ("auto", "threads", "processes")
_asker = None           # the worker process's own Asker, built once by _start


def choose_pool(pool: str, workers: int, endpoint: str | None) -> str:
    """``auto``: processes for an embedded store (CPU-bound), threads for an HTTP endpoint (waits)."""
    if workers <= 1:
        return "threads"
    if pool == "auto":
        return "threads" if endpoint else "processes"
    return pool


def _portable(settings: Settings) -> dict:
    """The settings' fields with plain dicts for the read-only plugin tables, which do not pickle."""
    values = {f.name: getattr(settings, f.name) for f in dataclasses.fields(settings)}
    values["plugins"] = {name: dict(options) for name, options in settings.plugins.items()}
    return values


def _start(values: dict, started) -> None:
    global _asker
    import atexit
    import signal

    from ..api import Asker
    from ..rank.lexical import skip_note

    signal.signal(signal.SIGINT, signal.SIG_IGN)     # Ctrl-C is the parent's to handle
    with started.get_lock():
        started.value += 1
        if started.value > 1:
            skip_note()                              # a note on stderr comes from the first worker only
    _asker = Asker(Settings(**values))
    atexit.register(_asker.close)


def _evaluate(item: Item, gold_topic: bool) -> dict:
    from .runner import evaluate_item

    return evaluate_item(item, lambda question, qid: _asker.ask(question, id=qid), gold_topic)


def process_map(settings: Settings, items: Iterable[Item], workers: int, gold_topic: bool = False) -> Iterator[dict]:
    """Result rows of ``items`` in input order, answered by ``workers`` processes on ``settings``' KG
    (``gold_topic``: as ``runner.evaluate_item``)."""
    context = multiprocessing.get_context("spawn")
    started = context.Value("i", 0)
    pool = ProcessPoolExecutor(workers, mp_context=context, initializer=_start,
                               initargs=(_portable(settings), started))
    try:
        yield from ordered_map(functools.partial(_evaluate, gold_topic=gold_topic), items, workers, pool=pool)
    finally:
        pool.shutdown(wait=True, cancel_futures=True)

"""Independent calls at the same time, with round trips counted once: ``gather(calls, workers)``
runs each zero-argument callable in a small shared thread pool (each in a copy of the caller's
context, so stats, the per-question memo and cache bypass follow it) and returns their results in
order. A call's SPARQL queries are counted as queries as usual; the batch adds to
``stats.sparql_round_trips`` the most round trips any one call waited for in a row, because calls
in flight together cost the caller one wait, not one each. ``workers <= 1`` runs them in order.

``ordered_map`` is the batch counterpart: questions answered by N worker threads, results handed
back in input order (``kgsparql eval --workers``, ``kgsparql ask --input --workers``)."""
from __future__ import annotations

import contextvars
import threading
from concurrent.futures import Executor, ThreadPoolExecutor, wait
from collections import deque
from typing import Callable, Iterable, Iterator, Sequence, TypeVar

from .stats import branch, record_round_trips

__all__ = ["gather", "ordered_map", "MAX_WORKERS"]

T = TypeVar("T")
MAX_WORKERS = 8
_pool: ThreadPoolExecutor | None = None
_pool_lock = threading.Lock()


def _executor() -> ThreadPoolExecutor:
    global _pool
    with _pool_lock:
        if _pool is None:
            _pool = ThreadPoolExecutor(MAX_WORKERS, thread_name_prefix="kgsparql-gather")
        return _pool


def _in_branch(call: Callable[[], T]) -> tuple[T, int]:
    with branch() as trips:
        result = call()
    return result, trips.count


def gather(calls: Sequence[Callable[[], T]], workers: int = 1) -> list[T]:
    """``[call() for call in calls]``, ``workers`` at a time (in waves, at most ``MAX_WORKERS``); the
    first error is raised after every call of its wave has finished (none runs on behind the caller)."""
    calls, workers = list(calls), min(int(workers), MAX_WORKERS)
    if workers <= 1 or len(calls) <= 1 or threading.current_thread().name.startswith("kgsparql-gather"):
        return [call() for call in calls]      # a gather inside a gathered call runs in order
    pool, results = _executor(), []
    for start in range(0, len(calls), workers):
        futures = [pool.submit(contextvars.copy_context().run, _in_branch, call)
                   for call in calls[start:start + workers]]
        wait(futures)
        for f in futures:
            if f.exception() is not None:
                raise f.exception()
        done = [f.result() for f in futures]
        record_round_trips(max(trips for _, trips in done))
        results.extend(result for result, _ in done)
    return results


def ordered_map(fn: Callable[[object], T], items: Iterable, workers: int = 1,
                pool: Executor | None = None) -> Iterator[T]:
    """``fn(item)`` for every item, ``workers`` at a time in threads, yielded in input order as soon
    as each result and all before it are ready (a batch written as it goes stays in input order).
    Items are read lazily, at most ``2 * workers`` ahead. An exception from ``fn`` is raised at its
    place in the order; leaving early (an error, Ctrl-C, ``close()``) cancels what has not started.
    ``pool`` runs the calls in an executor the caller owns instead (a process pool: ``fn`` and the
    items must then pickle, and each call runs in the worker's own context)."""
    if workers <= 1 and pool is None:
        yield from (fn(item) for item in items)
        return
    own = pool is None
    pool = pool or ThreadPoolExecutor(workers, thread_name_prefix="kgsparql-worker")
    submit = (lambda item: pool.submit(contextvars.copy_context().run, fn, item)) if own \
        else (lambda item: pool.submit(fn, item))
    pending: deque = deque()
    try:
        for item in items:
            pending.append(submit(item))
            while len(pending) >= 2 * workers or (pending and pending[0].done()):
                yield pending.popleft().result()
        while pending:
            yield pending.popleft().result()
    finally:
        if own:
            pool.shutdown(wait=False, cancel_futures=True)
        for future in pending:
            future.cancel()

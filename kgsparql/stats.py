"""Accounting that travels through one call. Endpoints and LLM backends record into the active
``Stats`` (a context variable), so no layer has to thread it through every signature."""
from __future__ import annotations

import contextvars
import threading
import time
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from typing import Iterator

__all__ = ["Stats", "collect", "record_query", "record_llm", "record_count", "current", "branch",
           "record_round_trips", "watch_queries"]

_current: contextvars.ContextVar["Stats | None"] = contextvars.ContextVar("kgsparql_stats", default=None)
_branch: contextvars.ContextVar["_Trips | None"] = contextvars.ContextVar("kgsparql_branch", default=None)
_watched: contextvars.ContextVar["list[str] | None"] = contextvars.ContextVar("kgsparql_watched", default=None)
_lock = threading.Lock()      # calls gathered in threads (kgsparql.parallel) record into one Stats


@dataclass
class Stats:
    sparql_queries: int = 0
    sparql_round_trips: int = 0     # dependent waits on the endpoint: queries in flight together count once
    sparql_seconds: float = 0.0
    sparql_cache_hits: int = 0
    llm_calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    llm_seconds: float = 0.0
    parse_failures: int = 0
    seconds: float = 0.0
    prompts: dict[str, int] = field(default_factory=dict)
    counts: dict[str, int] = field(default_factory=dict)   # method-specific tallies (explored_edges, ...)

    def to_json(self) -> dict:
        d = asdict(self)
        for k in ("sparql_seconds", "llm_seconds", "seconds"):
            d[k] = round(d[k], 6)
        return d


def current() -> Stats | None:
    return _current.get()


@contextmanager
def collect(stats: Stats | None = None) -> Iterator[Stats]:
    """Make ``stats`` (a new one by default) the active accumulator; ``seconds`` gets the wall time."""
    stats = stats if stats is not None else Stats()
    token = _current.set(stats)
    t0 = time.perf_counter()
    try:
        yield stats
    finally:
        stats.seconds += time.perf_counter() - t0
        _current.reset(token)


@dataclass
class _Trips:
    count: int = 0


@contextmanager
def branch() -> Iterator[_Trips]:
    """Inside, round trips are tallied in the yielded object instead of the active Stats: one of
    several calls in flight together (``kgsparql.parallel.gather`` adds the longest branch once)."""
    trips = _Trips()
    token = _branch.set(trips)
    try:
        yield trips
    finally:
        _branch.reset(token)


def record_round_trips(n: int) -> None:
    """``n`` dependent waits on the endpoint (into the enclosing branch, if any)."""
    b = _branch.get()
    if b is not None:
        b.count += n
        return
    s = _current.get()
    if s is not None and n:
        with _lock:
            s.sparql_round_trips += n


@contextmanager
def watch_queries() -> Iterator[list[str]]:
    """Inside, the text of every query answered (cached or not) is appended to the yielded list, in
    the order answers came back (what ``kgsparql serve``'s page shows under "SPARQL it ran")."""
    texts: list[str] = []
    token = _watched.set(texts)
    try:
        yield texts
    finally:
        _watched.reset(token)


def record_query(seconds: float, cached: bool = False, text: str | None = None) -> None:
    """One query answered: from a cache (no round trip), or by the endpoint (one round trip)."""
    watched = _watched.get()
    if watched is not None and text is not None:
        with _lock:
            watched.append(text)
    if not cached:
        record_round_trips(1)
    s = _current.get()
    if s is None:
        return
    with _lock:
        if cached:
            s.sparql_cache_hits += 1
        else:
            s.sparql_queries += 1
            s.sparql_seconds += seconds


def record_llm(prompt_name: str, prompt_tokens: int, completion_tokens: int, seconds: float) -> None:
    s = _current.get()
    if s is None:
        return
    with _lock:
        s.llm_calls += 1
        s.prompt_tokens += prompt_tokens
        s.completion_tokens += completion_tokens
        s.llm_seconds += seconds
        s.prompts[prompt_name] = s.prompts.get(prompt_name, 0) + 1


def record_parse_failure() -> None:
    s = _current.get()
    if s is not None:
        s.parse_failures += 1


def record_count(name: str, n: int = 1) -> None:
    """Add ``n`` to the active call's tally ``name`` (``stats.counts[name]``): what a method wants
    reported per question beyond queries and LLM calls, e.g. ``explored_entities``, ``explored_edges``."""
    s = _current.get()
    if s is not None:
        with _lock:
            s.counts[name] = s.counts.get(name, 0) + n

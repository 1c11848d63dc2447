"""Whole-call deadlines. A socket timeout bounds one wait for bytes, not a call: a server that
trickles one byte a second, or a store computing a huge aggregate, would hold a caller forever.

``run_until`` runs the work in a daemon thread and gives up at the deadline; the work itself checks
the same deadline between chunks (``read_body``) or rows, so it stops soon after on its own. What
cannot be interrupted (pyoxigraph computing an aggregate before its first row) runs on in the
abandoned thread until it finishes, without holding the caller or the interpreter's exit."""
from __future__ import annotations

import math
import os
import queue
import threading
import time
from typing import Callable, TypeVar

from ..config import MAX_SECONDS
from ..errors import ConfigError

__all__ = ["run_until", "read_body", "check_timeout", "busy_workers"]

T = TypeVar("T")


def check_timeout(value: float, name: str = "timeout") -> float:
    """A timeout is a finite number of seconds above zero (nan, inf and negatives are refused)."""
    try:
        value = float(value)
    except (TypeError, ValueError):
        raise ConfigError(f"{name} must be a number of seconds, not {value!r}") from None
    if not (math.isfinite(value) and value > 0):
        raise ConfigError(f"{name} must be a finite number of seconds above 0, not {value!r}")
    if value > MAX_SECONDS:
        raise ConfigError(f"{name} must be at most {MAX_SECONDS:,} seconds (a year), not {value!r}")
    return value


def run_until(work: Callable[[], T], deadline: float, on_abandon: Callable[[], None] | None = None) -> T:
    """``work()``'s result (or its exception), or ``TimeoutError`` once ``time.monotonic()`` passes
    ``deadline``; then ``on_abandon()`` is called to make the abandoned work stop early."""
    done = threading.Event()
    box: dict = {}

    def target() -> None:
        try:
            box["value"] = work()
        except BaseException as exc:  # noqa: BLE001 - handed to the caller's thread
            box["error"] = exc
        finally:
            done.set()

    _Worker.take().run(target)
    if not done.wait(max(0.0, deadline - time.monotonic())):
        if on_abandon is not None:
            try:
                on_abandon()
            except OSError:
                pass
        raise TimeoutError("the call ran past its deadline")
    if "error" in box:
        raise box.pop("error")
    return box["value"]


class _Worker:
    """A daemon thread that runs one call at a time and goes back to the idle list when the call
    ends (an abandoned call keeps its worker until it finishes). Starting a thread per query cost
    more than a small query itself on a loaded machine."""

    _idle: list["_Worker"] = []
    _lock = threading.Lock()
    busy = 0

    def __init__(self) -> None:
        self.jobs: queue.SimpleQueue = queue.SimpleQueue()
        threading.Thread(target=self._loop, daemon=True, name="kgsparql-deadline").start()

    @classmethod
    def take(cls) -> "_Worker":
        with cls._lock:
            if cls._idle:
                return cls._idle.pop()
        return cls()

    def run(self, job: Callable[[], None]) -> None:
        with self._lock:
            _Worker.busy += 1
        self.jobs.put(job)

    def _loop(self) -> None:
        while True:
            self.jobs.get()()
            with self._lock:
                _Worker.busy -= 1
                self._idle.append(self)

    @classmethod
    def forget(cls) -> None:
        """In a forked child the workers' threads do not exist: start afresh."""
        cls._idle, cls.busy = [], 0
        cls._lock = threading.Lock()


os.register_at_fork(after_in_child=_Worker.forget)


def busy_workers() -> int:
    """Calls running now, abandoned ones included (each stops soon after its deadline on its own)."""
    return _Worker.busy


def socket_of(response):
    """The socket under an ``http.client.HTTPResponse`` (None if it cannot be found)."""
    return getattr(getattr(getattr(response, "fp", None), "raw", None), "_sock", None)


def read_body(response, deadline: float, chunk: int = 1 << 16) -> bytes:
    """The whole body, read chunk by chunk, each wait bounded by the time left to ``deadline``."""
    sock = socket_of(response)
    read = getattr(response, "read1", None) or response.read
    parts = []
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError("the response did not arrive before the deadline")
        if sock is not None:
            sock.settimeout(left)
        data = read(chunk)
        if not data:
            return b"".join(parts)
        parts.append(data)

"""A watchdog that stops a test server once the test session that started it is gone.

A session stopped by SIGTERM or SIGKILL (``timeout``, a killed shell) runs neither fixture teardown
nor ``atexit``; its Oxigraph server and llama.cpp server become orphans, and a daemonised Virtuoso
was never its child at all. ``watch(server)`` starts one small process in its own session that
polls the owner and the server once a second and, when the owner is gone and the server is not,
stops the server by its PID: SIGTERM, then SIGKILL after a grace period. When the server stops
first (the normal teardown), the watchdog just exits.

``server`` is a PID, or a file that will hold it (Virtuoso's ``virtuoso.lck``: ``VIRT_PID=n``), so
the watch can begin before a daemon has a PID to read; a session killed while the daemon starts
still has it stopped once the file appears.

    python tests/reaper.py OWNER_PID SERVER_PID_OR_FILE [GRACE_S]
"""
from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time

__all__ = ["watch", "alive", "server_pid", "stop_pid"]


def alive(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie counts as gone: it serves nothing)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as fh:
            return fh.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return True


def watch(server: int | str | os.PathLike | None, owner_pid: int | None = None, grace_s: float = 10.0) -> None:
    """Stop ``server`` (a PID, or a file holding one) when ``owner_pid`` (default: this process)
    ends. No-op without a server."""
    if not server:
        return
    owner = owner_pid or os.getpid()
    subprocess.Popen([sys.executable, __file__, str(owner), str(server), str(grace_s)],
                     stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                     start_new_session=True, close_fds=True)


def stop_pid(pid: int, grace_s: float) -> None:
    """SIGTERM to ``pid``, then SIGKILL if it still runs after ``grace_s`` seconds."""
    try:
        os.kill(pid, signal.SIGTERM)
        deadline = time.monotonic() + grace_s
        while alive(pid) and time.monotonic() < deadline:
            time.sleep(0.1)
        if alive(pid):
            os.kill(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


def server_pid(server: str) -> int | None:
    """The PID ``server`` names: the number itself, or the first ``PID=n`` (or bare n) in that file."""
    if server.isdigit():
        return int(server)
    try:
        with open(server, encoding="utf-8", errors="replace") as fh:
            found = re.search(r"PID=(\d+)", text := fh.read()) or re.fullmatch(r"\s*(\d+)\s*", text)
    except OSError:
        return None
    return int(found.group(1)) if found else None


def _run(owner: int, server: str, grace_s: float) -> None:
    seen = None
    while alive(owner):
        seen = server_pid(server) or seen
        if seen and not alive(seen):
            return  # stopped by its own teardown
        time.sleep(1.0)
    deadline = time.monotonic() + 3 * grace_s  # a daemon still starting writes its PID file soon
    while (seen := server_pid(server) or seen) is None and time.monotonic() < deadline:
        time.sleep(0.5)
    if seen and alive(seen):
        stop_pid(seen, grace_s)


if __name__ == "__main__":
    _run(int(sys.argv[1]), sys.argv[2], float(sys.argv[3]) if len(sys.argv) > 3 else 10.0)

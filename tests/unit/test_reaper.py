"""The test-server watchdog: a server outlives neither a killed session nor its own normal stop."""
from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from reaper import alive, server_pid, watch  # noqa: E402

SLEEPER = [sys.executable, "-c", "import time; time.sleep(120)"]


def _gone_within(pid: int, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if not alive(pid):
            return True
        time.sleep(0.1)
    return False


def test_a_server_is_stopped_when_its_owner_is_killed():
    owner = subprocess.Popen(SLEEPER)
    server = subprocess.Popen(SLEEPER)
    try:
        watch(server.pid, owner_pid=owner.pid, grace_s=2)
        time.sleep(1.5)
        assert alive(server.pid), "the watchdog stopped a server whose owner still runs"
        owner.send_signal(signal.SIGKILL)
        owner.wait()
        assert _gone_within(server.pid, 10), "the server outlived its killed owner"
    finally:
        for p in (owner, server):
            p.kill()
            p.wait()


def test_a_daemon_whose_pid_file_appears_after_the_owner_died_is_stopped(tmp_path):
    """Virtuoso's case: the session dies while the daemon starts, before its lock file names it."""
    owner = subprocess.Popen(SLEEPER)
    server = subprocess.Popen(SLEEPER)
    lock = tmp_path / "db" / "virtuoso.lck"
    try:
        watch(lock, owner_pid=owner.pid, grace_s=2)
        owner.send_signal(signal.SIGKILL)
        owner.wait()
        time.sleep(1.5)
        assert alive(server.pid)
        lock.parent.mkdir()
        lock.write_text(f"VIRT_PID={server.pid}\n")
        assert _gone_within(server.pid, 10), "the daemon outlived its killed owner"
    finally:
        for p in (owner, server):
            p.kill()
            p.wait()


def test_a_pid_is_read_from_a_number_or_a_pid_file(tmp_path):
    (tmp_path / "a.lck").write_text("VIRT_PID=4242\nother=1\n")
    (tmp_path / "b.pid").write_text(" 77\n")
    (tmp_path / "c.txt").write_text("starting\n")
    assert server_pid("123") == 123
    assert server_pid(str(tmp_path / "a.lck")) == 4242
    assert server_pid(str(tmp_path / "b.pid")) == 77
    assert server_pid(str(tmp_path / "c.txt")) is None
    assert server_pid(str(tmp_path / "missing")) is None


def test_the_watchdog_leaves_when_the_server_stops_first():
    owner = subprocess.Popen(SLEEPER)
    server = subprocess.Popen(SLEEPER)
    try:
        before = _watchdogs(server.pid)
        watch(server.pid, owner_pid=owner.pid, grace_s=2)
        deadline = time.monotonic() + 5
        while _watchdogs(server.pid) == before and time.monotonic() < deadline:
            time.sleep(0.1)
        assert _watchdogs(server.pid) == before + 1
        server.kill()
        server.wait()
        deadline = time.monotonic() + 5
        while _watchdogs(server.pid) > before and time.monotonic() < deadline:
            time.sleep(0.1)
        assert _watchdogs(server.pid) == before, "the watchdog outlived the server it watched"
        assert alive(owner.pid), "the watchdog touched the owner"
    finally:
        for p in (owner, server):
            p.kill()
            p.wait()


def _watchdogs(server_pid: int) -> int:
    """Running watchdogs of ``server_pid``, read from /proc (argv: python reaper.py OWNER SERVER GRACE)."""
    count = 0
    for cmdline in Path("/proc").glob("[0-9]*/cmdline"):
        try:
            argv = cmdline.read_bytes().split(b"\0")
        except OSError:
            continue
        if len(argv) > 3 and argv[1].endswith(b"reaper.py") and argv[3] == str(server_pid).encode():
            count += alive(int(cmdline.parent.name))
    return count

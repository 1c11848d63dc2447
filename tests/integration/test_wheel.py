"""The top-level adapters/, queries/ and prompts/ folders ship inside the built wheel as
kgsparql.adapters / kgsparql.queries / kgsparql.prompts, and work from an installed copy."""
from __future__ import annotations

import json
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

PROBE = r"""
import json, sys
from importlib import resources
import kgsparql, kgsparql.adapters.generic as g
from kgsparql.sparql import load_query
from kgsparql.endpoints.embedded import EmbeddedEndpoint
from kgsparql.types import IRI
import pyoxigraph
store = pyoxigraph.Store()
store.load(input=b'<http://x/a> <http://www.w3.org/2000/01/rdf-schema#label> "Kismet" .\n'
                 b'<http://x/a> <http://x/directed_by> <http://x/b> .\n'
                 b'<http://x/b> <http://www.w3.org/2000/01/rdf-schema#label> "William Dieterle" .\n',
           format=pyoxigraph.RdfFormat.N_TRIPLES)
adapter = g.GenericAdapter.on(EmbeddedEndpoint.open(store=store))
kismet = adapter.lookup("kismet")[0]
print(json.dumps({
    "kgsparql": kgsparql.__file__, "adapter": g.__file__,
    "query": load_query("generic", "labels").text,
    "prompt_files": sorted(p.name for p in resources.files("kgsparql.prompts").iterdir()),
    "answer": [t.tail.name for t in adapter.neighbors([kismet])],
}))
"""


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("dist")
    subprocess.run([sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", str(out), str(ROOT)],
                   check=True, capture_output=True, text=True)
    (whl,) = out.glob("kgsparql-*.whl")
    return whl


def test_wheel_contains_the_mapped_packages(wheel):
    names = zipfile.ZipFile(wheel).namelist()
    assert "kgsparql/adapters/generic.py" in names
    assert "kgsparql/queries/generic/neighbors_out.rq" in names
    assert any(n.startswith("kgsparql/prompts/") and n != "kgsparql/prompts/__init__.py" for n in names)
    assert "kgsparql/data/demo_kb.txt.gz" in names
    assert {"kgsparql/data/kelgop.npz", "kgsparql/data/kelgop_examples.jsonl", "kgsparql/prompts/kelgop/classify.v1.j2"} <= set(names)
    assert not any(n.startswith(("adapters/", "queries/", "prompts/", "tests/")) for n in names)
    assert {f"kgsparql/serve/page/{f}" for f in ("index.html", "page.js", "page.css")} <= set(names)   # serve's page


def test_installed_wheel_loads_queries_and_adapters(wheel, tmp_path):
    target = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(target), str(wheel)],
                   check=True, capture_output=True, text=True)
    env = {"PYTHONPATH": str(target), "PATH": "/usr/bin:/bin"}
    res = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, env=env, cwd=tmp_path)
    assert res.returncode == 0, res.stderr[-2000:]
    info = json.loads(res.stdout)
    assert info["kgsparql"].startswith(str(target)) and info["adapter"].startswith(str(target))
    assert "VALUES ?e" in info["query"]
    assert info["answer"] == ["William Dieterle"]

"""A plugin package that is not kgsparql: its own adapter with its own .rq folder, its own prompt
folder with a parser, and its own method, registered only through entry points (a dist-info on the
path, as pip would install it). kgsparql finds and uses all of them, with no edit to kgsparql."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from kgsparql.config import Settings
from kgsparql.kg import ensure_demo_store

ROOT = Path(__file__).resolve().parents[2]

ADAPTER = '''
from kgsparql.adapters.generic import GenericAdapter


class KgxAdapter(GenericAdapter):
    """The generic schema, read through this package's own templates."""
    name = "kgx"
    queries = "kgx"
'''
METHOD = '''
from kgsparql.llm import run_prompt
from kgsparql.types import Answer, Path


class FirstHop:
    """Answers along the topic's relation whose words best match the question (a plugin example)."""
    name = "firsthop"

    def __init__(self, ctx):
        self.ctx = ctx
        self.ranker = ctx.ranker("bm25")

    def answer(self, question, *, id=None):
        link = self.ctx.linker.link(question)
        topics = link.topics()
        relations = sorted({rc.relation for rc in self.ctx.adapter.relations(topics, "out")}, key=lambda r: r.iri)
        scores = self.ranker.rank(link.masked(), [self.ctx.adapter.verbalize(r) for r in relations])
        best = relations[max(range(len(relations)), key=scores.__getitem__)]
        triples = self.ctx.adapter.neighbors(topics, best)
        names = tuple(dict.fromkeys(t.tail.name for t in triples))
        step = run_prompt(self.ctx.llm, "kgx/pick", fallback=names, question=question, candidates=list(names))
        plan = {"relation": best.name, "answered_by": step.source}
        return Answer(question, tuple(step.value), evidence=tuple((Path((t,)), 1.0) for t in triples),
                      entities=tuple(topics), plan=plan, id=id)
'''
PARSERS = '''
from kgsparql.llm.parsing import match_candidates, parser


@parser("pick")
def parse_pick(text, *, candidates, **_):
    return match_candidates(text, candidates)
'''
PROMPT = '''{% block user %}Question: {{ question }}
Candidates: {{ candidates | join(", ") }}
Answer with one candidate.{% endblock %}
'''
ENTRY_POINTS = '''[kgsparql.adapters]
kgx = kgx_plugin.adapter:KgxAdapter

[kgsparql.methods]
firsthop = kgx_plugin.method:FirstHop

[kgsparql.queries]
kgx = kgx_plugin:templates

[kgsparql.prompts]
kgx = kgx_plugin.prompts:kgx
'''


@pytest.fixture(scope="module")
def plugin_path(tmp_path_factory) -> Path:
    site = tmp_path_factory.mktemp("site")
    pkg = site / "kgx_plugin"
    (pkg / "prompts" / "kgx").mkdir(parents=True)
    for folder in (pkg, pkg / "prompts", pkg / "prompts" / "kgx"):
        (folder / "__init__.py").write_text("")
    (pkg / "adapter.py").write_text(ADAPTER)
    (pkg / "method.py").write_text(METHOD)
    (pkg / "prompts" / "kgx" / "parsers.py").write_text(PARSERS)
    (pkg / "prompts" / "kgx" / "pick.v1.j2").write_text(PROMPT)
    shutil.copytree(ROOT / "queries" / "generic", pkg / "templates")
    info = site / "kgx_plugin-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: kgx-plugin\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text(ENTRY_POINTS)
    return site


def run(plugin_path: Path, *args: str, home: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(plugin_path), "KGSPARQL_HOME": home}
    return subprocess.run([sys.executable, "-m", "kgsparql", *args], capture_output=True, text=True, env=env)


def test_the_plugins_method_adapter_templates_and_prompts_are_used(plugin_path, tmp_path):
    settings = Settings(home=str(tmp_path / "home"))
    store = str(ensure_demo_store(settings))
    listed = run(plugin_path, "methods", home=settings.home)
    assert listed.returncode == 0, listed.stderr
    assert any(line.startswith("firsthop ") and "plugin example" in line for line in listed.stdout.splitlines())
    res = run(plugin_path, "ask", "who directed [Kismet]", "--store", store, "--adapter", "kgx",
              "--method", "firsthop", "--json", home=settings.home)
    assert res.returncode == 0, res.stderr
    out = json.loads(res.stdout)
    assert out["answers"] == ["William Dieterle"] and out["plan"]["relation"] == "directed by"
    assert out["stats"]["sparql_queries"] > 0


def test_the_plugins_prompt_folder_loads_with_its_parser(plugin_path, tmp_path):
    probe = ("from kgsparql.llm import load_prompt, run_prompt\n"
             "from kgsparql.llm.scripted import ScriptedLLM\n"
             "p = load_prompt('kgx/pick')\n"
             "step = run_prompt(ScriptedLLM.replying(['Candidate b, surely']), 'kgx/pick', fallback=['a'],"
             " question='q', candidates=['a', 'b'])\n"
             "print(p.ref, step.value, step.source)\n")
    env = {**os.environ, "PYTHONPATH": str(plugin_path)}
    res = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=env)
    assert res.returncode == 0, res.stderr
    assert res.stdout.split() == ["kgx/pick@1", "['b']", "llm"]


def test_plugin_options_are_checked_for_plugins_too(plugin_path, tmp_path):
    config = tmp_path / "kgsparql.toml"
    config.write_text("[plugins.firsthop]\ndepth = 2\n")
    res = run(plugin_path, "ask", "who directed [Kismet]", "--method", "firsthop", "--config", str(config),
              home=str(tmp_path / "home"))
    assert res.returncode == 1 and res.stderr.strip() == "error: [plugins.firsthop] takes no options (got depth)"

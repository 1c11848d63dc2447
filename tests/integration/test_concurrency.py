"""Concurrent use: one Asker shared by threads over a real Oxigraph server with the result cache on,
several CLI processes asking one embedded store at once, and a load killed half way."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from kgsparql import Asker, Settings
from kgsparql.loading import load_files
from servers import graph_iri

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "kg" / "metaqa.txt"
DEMO_KB = Path(__file__).resolve().parents[2] / "kgsparql" / "data" / "demo_kb.txt.gz"
QUESTIONS = [f"who directed [{film}]" for film in
             ("Kismet", "Flags of Our Fathers", "War", "The Bride Wore Black")]


def _cli(*args: str, env=None, **kw) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "kgsparql", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env, **kw)


def test_one_asker_shared_by_threads_with_the_cache_on(oxigraph_server, tmp_path):
    settings = Settings(endpoint=oxigraph_server.url, default_graph=graph_iri("metaqa"), cache="on",
                        home=str(tmp_path / "home"), llm="none")
    with Asker(settings) as asker:
        expected = {q: asker.ask(q).answers for q in QUESTIONS}
        asks = QUESTIONS * 30
        with ThreadPoolExecutor(8) as pool:
            got = list(pool.map(lambda q: (q, asker.ask(q).answers), asks))
    assert all(answers for answers in expected.values())
    assert [answers for _, answers in got] == [expected[q] for q in asks]


def test_cli_processes_share_one_store(tmp_path):
    store = tmp_path / "store"
    load_files([FIXTURE], store, "metaqa")
    env = {**os.environ, "KGSPARQL_HOME": str(tmp_path / "home")}
    procs = [_cli("ask", "--store", str(store), "--json", QUESTIONS[i % len(QUESTIONS)], env=env) for i in range(6)]
    outs = [p.communicate(timeout=300) for p in procs]
    assert [p.returncode for p in procs] == [0] * 6, [err for _, err in outs]
    answers = [json.loads(out)["answers"] for out, _ in outs]
    assert answers[0] == ["William Dieterle"] and answers[4] == answers[0]


def _big_kb(path: Path, rows: int = 300_000) -> Path:
    """A KB that takes seconds to load on any machine, so the kill lands while it is loading."""
    path.write_text("".join(f"Film {i}|directed_by|Person {i % 5000}\n" for i in range(rows)),
                    encoding="utf-8")
    return path


def test_a_load_killed_half_way_leaves_nothing_half_built(tmp_path):
    store = tmp_path / "store"
    env = {**os.environ, "KGSPARQL_HOME": str(tmp_path / "home")}
    big = _big_kb(tmp_path / "big.txt")
    proc = _cli("load", "--format", "metaqa", str(big), "--store", str(store), env=env)
    deadline = time.monotonic() + 120
    while not list(tmp_path.glob(".store.loading-*")) and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.005)
    assert proc.poll() is None, "the load ended before it could be killed"
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=30)
    assert not store.exists() or not any(store.iterdir())   # no half-built store under the name
    # the next load cleans the leftover and builds a store that opens and answers
    done = _cli("load", "--format", "metaqa", str(FIXTURE), "--store", str(store), env=env)
    assert done.wait(timeout=300) == 0, done.stderr.read()
    assert not list(tmp_path.glob(".store.loading-*"))
    ask = _cli("ask", "--store", str(store), "--json", QUESTIONS[0], env=env)
    out, err = ask.communicate(timeout=300)
    assert ask.returncode == 0 and json.loads(out)["answers"] == ["William Dieterle"], err


def test_a_load_killed_while_adding_to_a_store_leaves_it_answering(tmp_path):
    store = tmp_path / "store"
    load_files([FIXTURE], store, "metaqa")
    env = {**os.environ, "KGSPARQL_HOME": str(tmp_path / "home")}
    proc = _cli("load", "--format", "metaqa", str(DEMO_KB), "--store", str(store), env=env)
    time.sleep(1.5)
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=30)
    ask = _cli("ask", "--store", str(store), "--json", QUESTIONS[0], env=env)
    out, err = ask.communicate(timeout=300)
    assert ask.returncode == 0 and "William Dieterle" in json.loads(out)["answers"], err

"""Cold start as a user feels it: N fresh processes each of ``kgsparql --help`` and
``kgsparql ask QUESTION`` (the bundled demo KG, as a new user runs it), interleaved, with the median
wall time and peak RSS of each and the ratio ask / --help.

    python benchmarks/cold_start.py                                # 5 runs each, the default backend
    python benchmarks/cold_start.py --runs 9 --backend sentence-transformers
    python benchmarks/cold_start.py --fresh-home                   # also time the very first run
    python benchmarks/cold_start.py --embeddings                   # ONNX vs sentence-transformers
    python benchmarks/cold_start.py --baseline /work/main          # another checkout, interleaved

Peak RSS is each child's own ``ru_maxrss`` (``os.wait4``). The first ``ask`` in a home builds what
later runs reuse (the demo store, the label index, the ONNX export of MiniLM): it is run once before
timing, and reported on its own with ``--fresh-home``. ``--embeddings`` prints the largest absolute
difference between the two encoder backends over the plain-English questions and the demo KG's
relation labels. Timings on a shared machine are noisy: compare medians of one run of this script."""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

__all__ = ["run_once", "measure", "report", "embedding_gap"]

HERE = Path(__file__).resolve().parent


def run_once(args: list[str], env: dict) -> tuple[float, float, str]:
    """(wall seconds, peak RSS in MB, stdout) of one ``python -m kgsparql ARGS`` process, started in
    a neutral directory (so it imports the kgsparql of ``PYTHONPATH`` or the installed one, never a
    checkout it happens to be started in, and reads no ``./kgsparql.toml``)."""
    with tempfile.TemporaryFile("w+") as err:
        t0 = time.perf_counter()
        proc = subprocess.Popen([sys.executable, "-m", "kgsparql", *args], env=env, stdout=subprocess.PIPE,
                                stderr=err, text=True, cwd=tempfile.gettempdir())
        out = proc.stdout.read()
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - t0
        proc.returncode = os.waitstatus_to_exitcode(status)
        if proc.returncode != 0:
            err.seek(0)
            raise SystemExit(f"kgsparql {' '.join(args)} failed ({proc.returncode}): {err.read().strip()[-500:]}")
    return wall, usage.ru_maxrss / 1024, out


def measure(commands: dict[str, tuple[list[str], dict]], runs: int) -> dict[str, list[tuple[float, float]]]:
    """Each command (args, environment) ``runs`` times, interleaved so load on the machine falls on
    all of them alike."""
    results: dict[str, list[tuple[float, float]]] = {name: [] for name in commands}
    for _ in range(runs):
        for name, (args, env) in commands.items():
            wall, rss, _ = run_once(args, env)
            results[name].append((wall, rss))
    return results


def embedding_gap(questions: list[str]) -> float:
    """Largest absolute difference between the onnx and sentence-transformers embeddings."""
    import numpy as np

    from kgsparql.rank.embedding import Encoder

    onnx, torch = Encoder(backend="onnx", threads=1), Encoder(backend="sentence-transformers", threads=1)
    return float(np.abs(onnx.embed(questions) - torch.embed(questions)).max())


def _texts() -> list[str]:
    sys.path.insert(0, str(HERE))
    from plain_english import load_questions

    labels = ["directed by", "written by", "starred actors", "release year", "has genre", "has tags",
              "in language", "has imdb votes", "has imdb rating"]
    return [q["question"] for q in load_questions()] + labels


def report(results: dict[str, list[tuple[float, float]]], tags: list[str]) -> None:
    medians = {}
    for name, rows in results.items():
        walls, rsses = [w for w, _ in rows], [r for _, r in rows]
        medians[name] = statistics.median(walls)
        print(f"{name:18s} n={len(rows)}  median {medians[name]:.2f} s (min {min(walls):.2f}, max {max(walls):.2f})"
              f"  peak RSS median {statistics.median(rsses):.0f} MB (max {max(rsses):.0f})")
    for tag in tags:
        print(f"ratio ask / --help{tag} (medians): {medians['ask' + tag] / medians['--help' + tag]:.1f}x")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--question", default="Who directed Kismet?")
    ap.add_argument("--backend", choices=("onnx", "sentence-transformers"), default=None,
                    help="[rankers.embedding] backend for the ask runs (default: the configured one; "
                         "a --baseline without the option rejects it)")
    ap.add_argument("--fresh-home", action="store_true", help="a new empty KGSPARQL_HOME: time its first run too")
    ap.add_argument("--embeddings", action="store_true", help="also compare the two encoder backends")
    ap.add_argument("--baseline", type=Path, default=None,
                    help="another kgsparql checkout (e.g. main) to time interleaved with this one")
    args = ap.parse_args()
    env = dict(os.environ)
    tmp = tempfile.TemporaryDirectory(prefix="kgsparql-cold-")
    if args.fresh_home:
        env["KGSPARQL_HOME"] = str(Path(tmp.name) / "home")
    ask = ["ask", args.question]
    if args.backend:
        config = Path(tmp.name) / "kgsparql.toml"
        config.write_text(f'[rankers.embedding]\nbackend = "{args.backend}"\n', encoding="utf-8")
        ask += ["--config", str(config)]
    envs = {"": env}
    if args.baseline:
        envs[" (baseline)"] = {**env, "PYTHONPATH": str(args.baseline.resolve())}
    commands = {}
    for tag, e in envs.items():
        wall, rss, out = run_once(ask, e)   # builds what later runs reuse
        print(f"first ask{tag}{' in a fresh home' if args.fresh_home else ''}: {wall:.2f} s, {rss:.0f} MB")
        print("   " + " | ".join(line.strip() for line in out.strip().splitlines()[:2]))
        commands.update({f"--help{tag}": (["--help"], e), f"ask{tag}": (ask, e)})
    report(measure(commands, args.runs), list(envs))
    if args.embeddings:
        print(f"max abs difference onnx vs sentence-transformers: {embedding_gap(_texts()):.2e}")
    tmp.cleanup()


if __name__ == "__main__":
    main()

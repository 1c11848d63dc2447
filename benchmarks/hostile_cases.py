"""Hostile-but-ordinary inputs from docs/reliability.md, run as a user would run them, with a loopback
listener beside them: prints one Markdown row per case (exit code, first stderr line, requests the
listener received, the start of stdout).

    python benchmarks/hostile_cases.py                      # the installed kgsparql
    python benchmarks/hostile_cases.py --source OTHER_CHECKOUT --home DIR --only 1,4

``--source`` puts another checkout first on ``PYTHONPATH`` (to compare two versions with one
environment). Every case runs with its own empty ``KGSPARQL_HOME`` under ``--home``; the first stderr
line shown is the first that is not a progress note (``kgsparql: ...``)."""
from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from hostile_listener import Listener  # noqa: E402
from hostile_table import CASES  # noqa: E402


def run_case(case, listener: Listener, home: Path, source: str | None, timeout: float) -> dict:
    work = home / re.sub(r"\W+", "_", case.name).strip("_")
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    env = {**os.environ, "KGSPARQL_HOME": str(work / "home"), "NO_PROXY": "127.0.0.1", "no_proxy": "127.0.0.1"}
    env.pop("KGSPARQL_DEBUG", None)
    env.setdefault("KGSPARQL_ONNX_DIR", str(home / "onnx"))     # one model export for every case
    if source:
        env["PYTHONPATH"] = source + os.pathsep + env.get("PYTHONPATH", "")
    for command in case.setup(work, listener.url):
        subprocess.run([sys.executable, "-m", "kgsparql", *command], env=env, cwd=work, capture_output=True,
                       timeout=timeout)
    listener.reset()
    args, stdin = case.command(work, listener.url)
    try:
        done = subprocess.run(args if args[0] == "sh" else [sys.executable, "-m", "kgsparql", *args], env=env,
                              cwd=work, input=stdin, capture_output=True, timeout=timeout)
        code, out, err = done.returncode, done.stdout, done.stderr
    except subprocess.TimeoutExpired:
        code, out, err = "timeout", b"", b""
    lines = [ln for ln in err.decode("utf-8", "replace").splitlines() if not ln.startswith("kgsparql: ")]
    return {"case": case.name, "hole": case.hole, "exit": code, "stderr": lines[0] if lines else "",
            "requests": len(listener.requests), "stdout": out.decode("utf-8", "replace")[:80]}


def markdown(rows: list[dict]) -> str:
    def cell(text) -> str:
        text = str(text).replace("|", "\\|").replace("\n", "\\n").replace("\t", "\\t").replace("\x1b", "\\e")
        return f"`{text}`" if text else ""

    out = ["| hole | case | exit | first stderr line | loopback requests | stdout starts |",
           "|---|---|---|---|---|---|"]
    for r in rows:
        out.append(f"| {r['hole']} | {r['case']} | {r['exit']} | {cell(r['stderr'][:160])} | {r['requests']} | "
                   f"{cell(r['stdout'][:60])} |")
    return "\n".join(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", help="a kgsparql checkout to run instead of the installed one")
    parser.add_argument("--home", help="scratch folder (default: a temporary one)")
    parser.add_argument("--only", help="comma list of holes to run (default: all)")
    parser.add_argument("--timeout", type=float, default=120.0)
    args = parser.parse_args()
    home = Path(args.home or tempfile.mkdtemp(prefix="hostile-"))
    holes = set(args.only.split(",")) if args.only else None
    rows = []
    with Listener() as listener:
        for case in CASES:
            if holes is None or case.hole in holes:
                rows.append(run_case(case, listener, home, args.source and str(Path(args.source).resolve()),
                                     args.timeout))
                print(rows[-1], file=sys.stderr, flush=True)
    print(markdown(rows))


if __name__ == "__main__":
    main()

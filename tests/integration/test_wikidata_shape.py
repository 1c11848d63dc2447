"""The MetaQA KB in Wikidata's RDF shape (``benchmarks/wikidata_shape.py``: real property ids, labels
and aliases, statement nodes beside the truthy claims, dates as ``xsd:dateTime``), asked the same
plain-English questions as the MetaQA store with ``--adapter wikidata`` and no LLM. Nothing in kgsparql
knows the shape was made from MetaQA: relation names come from the property entities in the KG.
The floors are the measured level (docs/meaning.md); the issue's target is 0.9."""
from __future__ import annotations

import gzip
import os
from pathlib import Path

import pytest

from kgsparql import Asker, Settings
from kgsparql.loading import load_files

from kgtest import benchmark

DATA = Path(os.environ.get("KGSPARQL_DATA_DIR") or Path(__file__).resolve().parents[3] / "shared" / "data")
KB = DATA / "metaqa" / "kb_dedup.txt.gz"
QUESTIONS = Path(__file__).resolve().parents[1] / "fixtures" / "questions"
pytestmark = [pytest.mark.slow, pytest.mark.skipif(not KB.is_file(), reason=f"no MetaQA KB at {KB}")]


@pytest.fixture(scope="module")
def asker(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("wikidata-shape")
    nt = tmp / "metaqa-wikidata.nt"
    with gzip.open(KB, "rt", encoding="utf-8") as src, open(nt, "w", encoding="utf-8") as dst:
        dst.writelines(benchmark("wikidata_shape").convert(src))
    load_files([nt], tmp / "store", "auto")
    settings = Settings(store=str(tmp / "store"), home=str(tmp / "home"), llm="none", adapter="wikidata")
    with Asker(settings) as asker:
        yield asker


@pytest.fixture(scope="module")
def rows(asker):
    bench = benchmark("plain_english")
    questions = bench.load_questions() + bench.load_questions(QUESTIONS / "plain_english_more.jsonl")
    return bench.evaluate(asker, questions, bench.kb_tables(KB))


def _rate(rows, kinds):
    mine = [r for r in rows if r["kind"] in kinds]
    return sum(r["ok"] for r in mine) / len(mine)


def test_lookups_and_chains_are_answered(rows):
    assert _rate(rows, {"lookup", "chain"}) >= 0.92, \
        [(r["question"], r["answers"][:2] or r["abstained"]) for r in rows if r["kind"] != "missing" and not r["ok"]]


def test_missing_facts_abstain(rows):
    assert _rate(rows, {"missing"}) >= 0.92       # measured 0.938 (docs/abstention.md)


def test_a_year_is_shown_as_a_year(asker):
    answer = asker.ask("When was Casablanca released?")
    assert answer.answers == ("1942",)


def test_truthy_and_statement_hops_are_one_candidate(asker):
    adapter = asker.kg.adapter
    film = adapter.lookup("Casablanca", 1)[0]
    directors = [rc.relation for rc in adapter.relations([film], "out") if rc.relation.label == "director"]
    assert len(directors) == 1 and directors[0].via is None, directors
    tails = [t for t in adapter.neighbors([film]) if t.relation.label == "director"]
    assert [t.tail.name for t in tails] == ["Michael Curtiz"]


def test_relation_names_include_the_kgs_aliases(asker):
    adapter = asker.kg.adapter
    film = adapter.lookup("Casablanca", 1)[0]
    cast = next(rc.relation for rc in adapter.relations([film], "out") if rc.relation.label == "cast member")
    assert {"actor", "starring"} <= set(adapter.relation_names(cast))

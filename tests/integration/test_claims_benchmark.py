"""The hand-written plain-English claims on the demo KB (``benchmarks/claims.py``) with --llm none:
the test file (written before the verifier, never tuned on) must reach 90% right overall and 80% per
kind (one-hop, negation, multi-hop, conjunction, date, count), never an error; the claim set by
FactKG's five reasoning kinds (one-hop, conjunction, existence, multi-hop, negation) must reach 95%
overall and 90% per kind. Gold verdicts come from the KB, from the facts each line names."""
from __future__ import annotations

import pytest

from kgsparql import Settings, Verifier

from kgtest import benchmark

KINDS = {"one_hop", "negation", "multi_hop", "conjunction", "date", "count"}
FACTKG_KINDS = {"one_hop", "conjunction", "existence", "multi_hop", "negation"}
KINDS_OF = {"TEST_FILE": KINDS, "DEV_FILE": KINDS, "KINDS_FILE": FACTKG_KINDS}


@pytest.fixture(scope="module")
def bench():
    return benchmark("claims")


@pytest.fixture(scope="module")
def rows(bench, tmp_path_factory):
    home = tmp_path_factory.mktemp("claims-home")
    with Verifier(Settings(home=str(home), llm="none")) as verifier:
        return bench.evaluate(verifier, bench.load_claims(bench.TEST_FILE), bench.kb_tables(bench.DEMO_KB))


@pytest.mark.parametrize("which", ["TEST_FILE", "DEV_FILE", "KINDS_FILE"])
def test_the_claim_files_are_sound(bench, which):
    """Every kind is there, true and false claims are balanced, every gold verdict derives from the KB."""
    claims = bench.load_claims(getattr(bench, which))
    tables = bench.kb_tables(bench.DEMO_KB)
    golds = [bench.gold_verdict(tables, c) for c in claims]
    kinds = KINDS_OF[which]
    assert {c["kind"] for c in claims} == kinds
    assert 0.4 <= golds.count("true") / len(golds) <= 0.6
    for kind in kinds:
        mine = [g for g, c in zip(golds, claims) if c["kind"] == kind]
        assert "true" in mine and "false" in mine, kind


def test_test_file_accuracy(bench, rows):
    summary = bench.summary(rows)
    wrong = [(r["id"], r["claim"], r["gold"], r["verdict"]) for r in rows if not r["right"]]
    assert summary["overall"]["n"] >= 80
    assert summary["overall"]["accuracy"] >= 0.9, wrong
    for kind in KINDS:
        assert summary[kind]["accuracy"] >= 0.8, (kind, wrong)


def test_every_verdict_is_explained_and_costed(rows):
    assert all(r["explanation"] for r in rows)
    assert all(r["stats"]["sparql_queries"] > 0 and r["stats"]["llm_calls"] == 0 for r in rows)


def test_the_five_reasoning_kinds(bench, tmp_path_factory):
    home = tmp_path_factory.mktemp("claims-kinds-home")
    with Verifier(Settings(home=str(home), llm="none")) as verifier:
        rows = bench.evaluate(verifier, bench.load_claims(bench.KINDS_FILE), bench.kb_tables(bench.DEMO_KB))
    summary = bench.summary(rows)
    wrong = [(r["id"], r["claim"], r["gold"], r["verdict"]) for r in rows if not r["right"]]
    assert summary["overall"]["n"] == 100
    assert summary["overall"]["accuracy"] >= 0.95, wrong
    for kind in FACTKG_KINDS:
        assert summary[kind]["accuracy"] >= 0.9, (kind, wrong)
    assert all(r["explanation"] and r["stats"]["llm_calls"] == 0 for r in rows)


@pytest.fixture(scope="module")
def fresh_verifier(tmp_path_factory):
    with Verifier(Settings(home=str(tmp_path_factory.mktemp("claims-fresh-home")), llm="none")) as verifier:
        yield verifier


def test_the_fresh_sets_stay_above_their_first_runs(bench, fresh_verifier):
    """The fresh sets were written before their first run and are not tuned on; they measured 0.975 and
    0.967. A floor of 0.9 guards them against regressions, not a target."""
    for path in bench.FRESH_FILES:
        rows = bench.evaluate(fresh_verifier, bench.load_claims(path), bench.kb_tables(bench.DEMO_KB))
        wrong = [(r["id"], r["claim"], r["gold"], r["verdict"]) for r in rows if not r["right"]]
        assert bench.summary(rows)["overall"]["accuracy"] >= 0.9, (path.name, wrong)


@pytest.mark.parametrize("claim, verdict", [
    ("It's false that Tom Hanks acted in The Terminal.", "false"),
    ("It's false that Eric Bana acted in The Terminal.", "true"),
    ("Believe it or not, Tom Hanks acted in The Terminal.", "true"),
    ("It is not true that Steven Spielberg had no hand in directing The Terminal.", "true"),
    ("I don't think Eric Bana acted in The Terminal.", "true"),
    ("I don't believe Tom Hanks acted in The Terminal.", "false"),
    ("There's no truth to the idea that Tom Hanks acted in The Terminal.", "false"),
    # framing that presents the statement as unreal (a wish, a pretence, a dream) denies it
    ("I wish Tom Hanks had acted in The Terminal.", "false"),
    ("If only Eric Bana had acted in The Terminal.", "true"),
    ("We pretended that Steven Spielberg directed The Terminal.", "false"),
    ("She dreamt that Eric Bana starred in The Terminal.", "true"),
    ("If only Tom Hanks had not acted in The Terminal.", "true"),
    ("I imagine that Tom Hanks acted in The Terminal.", "true"),
])
def test_framing_that_denies_is_a_negation(fresh_verifier, claim, verdict):
    assert fresh_verifier.verify(claim).verdict == verdict

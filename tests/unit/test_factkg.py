"""The FactKG loader on a 30-claim sample (tests/fixtures/factkg, CC BY-NC-SA 4.0): claims and labels
read, evidence parsed into a DBpedia-shaped store (dbr:/dbo: IRIs, labels, redirects), claims then
verified by retrieval through the dbpedia adapter, and ``kgsparql eval factkg`` writing its rows."""
from __future__ import annotations

import json
from pathlib import Path

import pyoxigraph
import pytest
from click.testing import CliRunner

from kgsparql import Settings, Verifier
from kgsparql.cli import main as cli_main
from kgsparql.eval.factkg import DBO, DBR, load_factkg, parse_evidence
from kgsparql.eval.factkg_store import factkg_store, write_ntriples

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


@pytest.fixture(scope="module")
def claims():
    return load_factkg(FIXTURES, "test", "llm_v1")


def test_claims_and_labels_are_read(claims):
    assert len(claims) == 30
    assert claims[0].claim == "I have heard that Mobyland had a successor."
    assert claims[0].label is True and sum(not c.label for c in claims) == 8
    assert len({c.id for c in claims}) == 30


def test_evidence_items_parse():
    assert parse_evidence('Dawn_Butler >- successor -> Boundary_Commissions_(United_Kingdom) | '
                          'Mobyland >- successor -> "Aero 2" | garbage') == [
        ("Dawn_Butler", "successor", "Boundary_Commissions_(United_Kingdom)"), ("Mobyland", "successor", '"Aero 2"')]


def test_the_store_is_dbpedia_shaped(claims, tmp_path):
    nt = tmp_path / "kb.nt"
    write_ntriples(claims, nt)
    store = pyoxigraph.Store()
    store.load(path=str(nt), format=pyoxigraph.RdfFormat.N_TRIPLES)
    def ask(text):
        return bool(store.query(text))
    assert ask(f"ASK {{ <{DBR}Satya_Faugoo> <{DBO}successor> <{DBR}Rajesh_Jeetah> }}")
    assert ask(f'ASK {{ <{DBR}Satya_Faugoo> <http://www.w3.org/2000/01/rdf-schema#label> "Satya Faugoo"@en }}')
    assert ask(f'ASK {{ <{DBR}Mobyland> <{DBO}successor> "Aero 2" }}')            # a quoted tail is a literal
    assert ask(f"ASK {{ <{DBR}Boundary_Commissions> <{DBO}wikiPageRedirects> "
               f"<{DBR}Boundary_Commissions_(United_Kingdom)> }}")                  # a redirect without the qualifier


def test_a_name_that_is_a_resource_of_its_own_is_no_redirect(tmp_path):
    from kgsparql.eval.factkg import FactClaim
    claims = [FactClaim("a", "HBO is owned by Time Warner.", True, (("HBO", "owner", "Time_Warner"),)),
              FactClaim("b", "HBO Asia is a sister station.", True, (("HBO", "sisterStation", "HBO_(Asia)"),))]
    nt = tmp_path / "kb.nt"
    write_ntriples(claims, nt)
    store = pyoxigraph.Store()
    store.load(path=str(nt), format=pyoxigraph.RdfFormat.N_TRIPLES)
    assert not store.query(f"ASK {{ <{DBR}HBO> <{DBO}wikiPageRedirects> ?to }}")
    assert store.query(f'ASK {{ <{DBR}HBO_(Asia)> <http://www.w3.org/2000/01/rdf-schema#label> "HBO (Asia)"@en }}')


@pytest.fixture(scope="module")
def store(claims, tmp_path_factory):
    home = tmp_path_factory.mktemp("factkg-home")
    return home, factkg_store(claims, "factkg-sample", home, "http://kgsparql.example/", quiet=True)


def test_claims_are_verified_through_the_dbpedia_adapter(store):
    home, path = store
    with Verifier(Settings(store=str(path), adapter="dbpedia", home=str(home), llm="none")) as verifier:
        yes = verifier.verify("Satya Faugoo actually had a successor!")
        no = verifier.verify("Satya Faugoo did not have a successor.")
        nothing = verifier.verify("Zorblax Quintavex had a successor.")
    assert yes.verdict == "true" and no.verdict == "false" and nothing.verdict == "not_enough_info"
    assert yes.stats["sparql_queries"] > 0 and "successor" in yes.explanation


def test_eval_factkg_writes_rows_and_resumes(store, tmp_path):
    home, _ = store
    out = tmp_path / "rows.jsonl"
    args = ["eval", "factkg", "--data-dir", str(FIXTURES), "--out", str(out), "--limit", "6", "--json", "--quiet"]
    env = {"KGSPARQL_HOME": str(home)}
    first = CliRunner().invoke(cli_main, args, env=env)
    assert first.exit_code == 0, first.output
    summary = json.loads(first.output.strip().splitlines()[-1])
    assert summary["overall"]["n"] == 6 and 0 <= summary["overall"]["accuracy"] <= 1
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(rows) == 6 and all({"id", "gold", "verdict", "right", "form"} <= set(r) for r in rows)
    again = CliRunner().invoke(cli_main, args + ["--resume"], env=env)
    assert again.exit_code == 0, again.output
    assert len(out.read_text().splitlines()) == 6      # nothing re-verified


def test_not_enough_info_reads_as_factkg_closed_world_label():
    from kgsparql.eval.claims import binary_label

    assert binary_label("true", False) and binary_label("true", True)
    assert not binary_label("false", False) and not binary_label("false", True)
    assert not binary_label("not_enough_info", False)     # nothing found for it: not supported
    assert binary_label("not_enough_info", True)          # nothing found of what it denies: supported

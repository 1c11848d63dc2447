"""On a KG the packaged chain prior was trained on (WC2014's relations), a question phrased unlike its
templates is answered by the chain its words name: the prior, which reads "in which country is X
based" as a player's national team, does not veto the club's own country. Real store, real models."""
from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from kgsparql.api import Asker
from kgsparql.cli import main
from kgsparql.config import Settings

SAMPLE = Path(__file__).resolve().parents[1] / "fixtures" / "kg" / "wc2014_sample.tsv"
QUESTION = "In which country is Galatasaray SK based?"


def _asker(store: Path, agreement: bool) -> Asker:
    tables = {"methods": {"frag": {"prior_agreement": agreement}}}
    return Asker(Settings().replace(store=str(store), llm="none", method="frag", tables=tables))


def test_a_phrasing_the_prior_does_not_know_is_answered_by_its_words(tmp_path):
    store = tmp_path / "wc"
    r = CliRunner().invoke(main, ["load", "--format", "tsv", str(SAMPLE), "--store", str(store)])
    assert r.exit_code == 0, r.output
    with _asker(store, True) as asker:
        answer = asker.ask(QUESTION)
        assert answer.answers == ("Turkey",) and "prior" not in answer.plan["match"]   # the prior kept silent
        template = asker.ask("Which club does Lionel Messi play for?")
        assert template.answers == ("FC_Barcelona",) and template.plan["match"]["prior"] > 0.9   # it spoke
    with _asker(store, False) as asker:          # the prior always speaking: it wants a player's national team
        assert asker.ask(QUESTION).plan["match"]["prior"] < 0.25

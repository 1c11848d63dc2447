"""The default method's small-KG chain readings, shared (``methods/chain_readings.py``): RefKG and
KGFR order their own rankings with them on a KG no chain prior knows (docs/methods/refkg.md and
docs/methods/kgfr.md, "Small KGs"). The books KG of ``tests/fixtures/kgs`` is loaded as a user would."""
from __future__ import annotations

from pathlib import Path

import pytest

from kgsparql.api import Asker
from kgsparql.config import Settings
from kgsparql.errors import ConfigError
from kgsparql.loading import load_files
from kgsparql.methods.chain_readings import ChainReadings
from kgsparql.types import Relation

BOOKS = Path(__file__).resolve().parents[1] / "fixtures" / "kgs" / "books" / "books.tsv"
PLAYS, POSITION, FLOWS, COUNTRY = (Relation(f"https://kg.example/{n}") for n in ("plays", "position", "flows", "country"))


def test_a_walk_out_and_back_and_on_goes_behind_and_a_close_one_hop_chain_goes_first():
    """"What position does X play": not the positions of X's teammates; "which countries does X flow
    through": not the countries sharing a city with them. Scores are kept; a one-hop chain scoring
    under ``flat_share`` of the best stays behind it."""
    from kgsparql.methods.chain_readings import _one_hop_first, _walks_on_back

    assert _walks_on_back((PLAYS, PLAYS.reversed(), POSITION))
    assert _walks_on_back((FLOWS, COUNTRY.reversed(), COUNTRY))
    assert not _walks_on_back((PLAYS, PLAYS.reversed())) and not _walks_on_back((FLOWS, COUNTRY))
    ranked = [((FLOWS, COUNTRY), 1.0), ((FLOWS,), 0.8)]
    assert _one_hop_first(ranked, 0.7) == [((FLOWS,), 0.8), ((FLOWS, COUNTRY), 1.0)]
    assert _one_hop_first(ranked, 0.9) == ranked


@pytest.fixture(scope="module")
def books(tmp_path_factory) -> Settings:
    tmp = tmp_path_factory.mktemp("books")
    load_files([BOOKS], tmp / "store", "tsv")
    return Settings(store=str(tmp / "store"), home=str(tmp / "home"), llm="none")


@pytest.mark.parametrize("method", ["refkg", "kgfr"])
def test_a_nested_question_walks_the_hop_it_asks_of_the_phrase(books, method):
    """"Where was the author of X born" asks two relations, though "born" names no label word for
    word; the kind of answer asked ("where") then picks among two-hop chains. Without the readings
    (and without following the default method's chain, which reads them too) both methods answer with
    the author."""
    question = "Where was the author of Mrs Dalloway born?"
    with Asker(books.replace(method=method)) as asker:
        answer = asker.ask(question)
        assert answer.answers == ("London",) and answer.plan["read"]
    off = books.replace(method=method, tables={"methods": {method: {"chain_readings": False,
                                                                     "follow_default": False}}})
    with Asker(off) as asker:
        assert asker.ask(question).answers != ("London",)


def test_the_readings_are_silent_where_a_chain_prior_knows_the_chains(books):
    with Asker(books.replace(method="refkg")) as asker:
        readings: ChainReadings = asker.method.readings
        assert readings.speak({}, [(FLOWS,)]) and readings.small_kg()
        assert not readings.speak({_key((FLOWS,)): 0.9}, [(FLOWS,)])
        assert readings.named_hops("where was the author of X born") == 2
        assert readings.named_hops("who wrote X") == 0


def test_refkg_checks_the_relations_it_keeps_per_hop():
    from kgsparql.methods.refkg.options import RefKGOptions

    with pytest.raises(ConfigError, match="top_k_small"):
        RefKGOptions(top_k_small=0)


def _key(chain):
    from kgsparql.learn import chain_key
    return chain_key(chain)

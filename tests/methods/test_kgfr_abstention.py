"""KGFR shares the abstention every method uses (``ctx.abstention``): a one-hop chain the question does
not ask about abstains with the closest relation named, while the asked one answers (demo KG, real
store, real MiniLM, no LLM)."""
from __future__ import annotations

import pytest

from kgsparql.api import Asker
from kgsparql.config import Settings
from kgsparql.kg import ensure_demo_store


@pytest.fixture(scope="module")
def settings(tmp_path_factory) -> Settings:
    base = Settings()
    return base.replace(store=str(ensure_demo_store(base)), home=str(tmp_path_factory.mktemp("home")),
                        method="kgfr", llm="none")


def test_a_one_hop_chain_the_question_does_not_ask_about_abstains(settings):
    with Asker(settings) as asker:
        kind = asker.ask("What kind of movie is Chopper?")          # the demo KG holds no genre of it
        director = asker.ask("Who directed Chopper?")
    assert kind.answers == () and "closest:" in kind.abstained
    assert kind.plan["match"]["recognised"] == []
    assert director.answers == ("Andrew Dominik",) and director.plan["match"]["recognised"]


def test_without_the_shared_check_kgfr_answers_along_the_closest_chain(settings):
    off = settings.replace(tables={"methods": {"kgfr": {"shared_abstention": False}}})
    with Asker(off) as asker:
        kind = asker.ask("What kind of movie is Chopper?")
    assert kind.answers and kind.abstained is None and "match" not in kind.plan

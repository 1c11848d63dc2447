"""RefKG and KGFR refuse what the default method refuses (``verdict``, docs/abstention.md): a question
whose closest chain leads to dates it does not ask for, or (KGFR) a one-relation question it would
answer with a two-hop detour, abstains with the default method's reason; an answerable question is
still answered by the method's own judgement (demo KG, real store, real MiniLM, no LLM)."""
from __future__ import annotations

import pytest

from kgsparql.api import Asker
from kgsparql.config import Settings
from kgsparql.errors import ConfigError
from kgsparql.kg import ensure_demo_store

BUDGET = "What was the budget of Kismet?"        # the demo KG holds its release year, no budget
ACTED = "Which films did William Dieterle act in?"   # he directed films; he acted in none of them


@pytest.fixture(scope="module")
def base(tmp_path_factory) -> Settings:
    base = Settings()
    return base.replace(store=str(ensure_demo_store(base)), home=str(tmp_path_factory.mktemp("home")), llm="none")


def _own_check_aside(base: Settings, method: str) -> Settings:
    """KGFR's own check reads "what was the *budget* of X" as naming a relation no word of the KG names
    (``framed_relation``, docs/abstention.md) and refuses it by itself; set aside here, so that these
    tests see the verdict alone."""
    return base.replace(plugins={"abstention": {"framed_relation": False}}) if method == "kgfr" else base


@pytest.mark.parametrize("method", ["refkg", "kgfr"])
def test_the_default_methods_refusal_is_every_methods(base, method):
    with Asker(_own_check_aside(base, method).replace(method=method)) as asker:
        budget, director = asker.ask(BUDGET), asker.ask("Who directed Kismet?")
    assert budget.answers == () and "leads to dates" in budget.abstained
    assert budget.plan["verdict"]["method"] == "kelgop" and budget.plan["verdict"]["abstained"] == budget.abstained
    assert director.answers == ("William Dieterle",) and director.plan["verdict"]["abstained"] is None
    assert director.plan["verdict"]["chain"] == "directed by"      # the chain the default method answered along


@pytest.mark.parametrize("method", ["refkg", "kgfr"])
def test_without_the_verdict_the_method_answers_along_the_release_year(base, method):
    off = _own_check_aside(base, method).replace(method=method, tables={"methods": {method: {"verdict": ""}}})
    with Asker(off) as asker:
        budget = asker.ask(BUDGET)
    assert budget.answers == ("1944",) and "verdict" not in budget.plan


def test_kgfrs_own_check_refuses_the_budget_naming_it(base):
    with Asker(base.replace(method="kgfr", tables={"methods": {"kgfr": {"verdict": ""}}})) as asker:
        budget = asker.ask(BUDGET)
    assert budget.answers == () and "no 'budget' for Kismet" in budget.abstained


def test_kgfr_takes_no_two_hop_detour_the_default_method_refuses(base):
    with Asker(base.replace(method="kgfr")) as on, \
            Asker(base.replace(method="kgfr", tables={"methods": {"kgfr": {"verdict": ""}}})) as off:
        refused, detour = on.ask(ACTED), off.ask(ACTED)
    assert refused.answers == () and refused.plan["verdict"]["abstained"]
    assert detour.answers        # the films he directed, then their actors: the question's own words


def test_a_method_cannot_take_its_own_verdict(base):
    with pytest.raises(ConfigError, match="its own verdict"):
        Asker(base.replace(method="refkg", tables={"methods": {"refkg": {"verdict": "refkg"}}})).ask(BUDGET)

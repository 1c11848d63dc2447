"""RefKG and KGFR answer a count question with the number of the counted question's answers, as a
plain integer (docs/planning.md); a title that holds a count word asks no count; a count of a relation
the KG lacks is refused like the counted question (demo KG, real store, real MiniLM, no LLM)."""
from __future__ import annotations

import pytest

from kgsparql.api import Asker
from kgsparql.config import Settings
from kgsparql.errors import ConfigError
from kgsparql.kg import ensure_demo_store
from kgsparql.methods.counting import counted_question
from kgtest import store_from_lines


@pytest.fixture(scope="module")
def base(tmp_path_factory) -> Settings:
    base = Settings()
    return base.replace(store=str(ensure_demo_store(base)), home=str(tmp_path_factory.mktemp("home")), llm="none")


def test_the_counted_question_is_read_outside_the_topic_mention():
    assert counted_question("How many films did X direct?", "How many films did X direct?", "X") == \
        "which films did X direct?"
    title = "Who directed The Count of Monte Cristo?"
    assert counted_question(title, "Who directed X?", "The Count of Monte Cristo") is None
    assert counted_question("Who directed Kismet?", "Who directed X?", "Kismet") is None


@pytest.mark.parametrize("method", ["refkg", "kgfr"])
def test_a_count_is_the_number_of_the_counted_answers(base, method):
    with Asker(base.replace(method=method)) as asker:
        films = asker.ask("Which films did William Dieterle direct?")
        count = asker.ask("How many films did William Dieterle direct?")
        budget = asker.ask("How many dollars was the budget of Kismet?")
    assert films.answers and count.answers == (str(len(set(films.answers))),)
    assert count.plan["count"] == {"counted": "which films did William Dieterle direct?", "of": len(films.answers)}
    assert budget.answers == () and budget.abstained


@pytest.mark.parametrize("method", ["refkg", "kgfr"])
def test_the_shared_chain_scorer_can_be_turned_off(base, method):
    off = base.replace(method=method, tables={"methods": {method: {"chain_model": "none"}}})
    with Asker(off) as asker:
        assert asker.ask("Who directed Kismet?").answers == ("William Dieterle",)


def test_trained_weight_is_checked(base):
    bad = base.replace(method="refkg", tables={"methods": {"refkg": {"trained_weight": 1.5}}})
    with pytest.raises(ConfigError, match="trained_weight"):
        Asker(bad).ask("Who directed Kismet?")


_HELD = """Ridgefield Arena|seating capacity|18000
Ridgefield Arena|home team|Ridgefield Rovers
Ridgefield Arena|home team|Ridgefield Comets
Ridgefield Arena|first match year|1994
Ridgefield Arena|architect|Ines Falk
Ridgefield Arena|first match played by|Ridgefield Rovers
Ridgefield Rovers|founding year|1890
Ridgefield Comets|founding year|1921
Vera Holm|directed|1984
1984|release year|1956
Vera Holm|born in|Oslo
Oslo|country|Norway
"""


@pytest.mark.parametrize("method", ["kelgop", "refkg", "kgfr"])
def test_a_count_the_kg_holds_is_read_not_counted(tmp_path, method):
    """Where the one relation answering "how many" holds numbers, the number is the answer; an entity
    that is merely titled with a number is still counted (a small KG of its own, no prior knows it)."""
    settings, _ = store_from_lines(tmp_path, _HELD)
    with Asker(settings.replace(method=method, llm="none")) as asker:
        seats = asker.ask("How many seats does Ridgefield Arena have?")
        teams = asker.ask("How many teams play their home games at Ridgefield Arena?")
        films = asker.ask("How many films did Vera Holm direct?")
    assert seats.answers == ("18000",), seats.abstained
    assert films.answers == ("1",), films.abstained
    assert teams.answers in ((), ("1",), ("2",))     # counted (or refused), never read as a held number


def test_a_superlative_of_the_topics_own_values_is_the_extreme_value(tmp_path):
    """"first" over the years one hop holds for the topic is the smallest of them, not a comparison of
    other things; a "who" question is never answered with one of those numbers."""
    settings, _ = store_from_lines(tmp_path, _HELD)
    with Asker(settings.replace(method="kelgop", llm="none")) as asker:
        year = asker.ask("In what year was Ridgefield Arena first used for a match?")
        who = asker.ask("Who first played at Ridgefield Arena?")
    assert year.answers == ("1994",), year.abstained
    assert year.plan["aggregate"] == {"op": "min", "by": "value held", "word": "first"}   # read, not given up
    assert not any(a.isdigit() for a in who.answers)

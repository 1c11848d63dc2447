"""The bridge of a question's own composition is not its answer (kelgop/bridge.py), on the bundled
demo KG with real MiniLM and a real embedded Oxigraph: the films a clause describes ("the film that
starred James Stewart") go on with the rest of the question ("who directed ..."), one hop each."""
from __future__ import annotations

import pytest

from kgsparql.api import Asker
from kgsparql.config import Settings
from kgsparql.kg import ensure_demo_store
from kgsparql.methods.kelgop.bridge import past_bridge
from kgsparql.methods.kelgop.sub_questions import Outcome

from kgtest import DEMO_KB, chain_gold, kb_tables

QUESTION = "Who directed the film that starred James Stewart?"


@pytest.fixture(scope="module")
def kelgop(tmp_path_factory):
    base = Settings()
    settings = base.replace(store=str(ensure_demo_store(base)), home=str(tmp_path_factory.mktemp("home")), llm="none")
    with Asker(settings) as asker:
        yield asker.method


def _bridge_outcome(kelgop, question: str):
    link = kelgop.ctx.linker.link(question)
    films = kelgop.atomic.ask("the film that starred James Stewart", link.topics(), link.masked(), max_hops=1)
    assert films.answers and len(films.chain) == 1
    return link, films, Outcome("simple", films.answers, [films])


def test_the_clause_answers_go_on_with_the_rest_of_the_question(kelgop):
    link, films, outcome = _bridge_outcome(kelgop, QUESTION)
    went_on = past_bridge(kelgop.planner, link, outcome)
    assert went_on is not None and went_on.category == "composition"
    tables = kb_tables(DEMO_KB)
    bridged = films.answers[: kelgop.planner.per_entity]
    directors = set().union(*(chain_gold(tables, film, ["directed_by"]) for film in bridged))
    assert went_on.answers and set(went_on.answers) <= directors
    assert not set(went_on.answers) & set(films.answers)


def test_answers_stand_without_a_clause(kelgop):
    link, _, outcome = _bridge_outcome(kelgop, "Which films starred James Stewart?")
    assert past_bridge(kelgop.planner, link, outcome) is None           # the films are what is asked for


def test_it_is_an_option():
    from kgsparql.methods.kelgop.options import KelgopOptions
    assert KelgopOptions().past_bridge and not KelgopOptions(past_bridge=False).past_bridge


def test_with_the_check_a_rest_that_fits_no_relation_of_the_bridge_leaves_the_answers(kelgop):
    question = "What is the population of the film that starred James Stewart?"
    link, _, outcome = _bridge_outcome(kelgop, question)
    unchecked = past_bridge(kelgop.planner, link, outcome, check=False)
    assert unchecked is not None and unchecked.answers            # some hop from the films, however far off
    assert past_bridge(kelgop.planner, link, outcome, check=True) is None


@pytest.mark.parametrize("masked, inner, outer", [
    ("where does the team head coached by X play basketball", "the team head coached by X",
     "where does X play basketball"),
    ("in what city did the speaker on the X pass away", "the speaker on the X", "in what city did X pass away"),
    ("what films did the actor from X star in", "the actor from X", "what films did X star in"),
    ("in what region is the country that produces X", "the country that produces X", "in what region is X"),
])
def test_a_described_noun_next_to_the_topic_may_be_the_bridge(masked, inner, outer):
    from kgsparql.methods.kelgop.nested_phrases import bridge_phrases
    found = bridge_phrases(masked, "X")
    assert [(c.inner, c.outer) for c in found] == [(inner, outer)]


@pytest.mark.parametrize("masked", [
    "who was the speaker on X",                                    # nothing else is asked
    "what is the language spoken in X that has the initials eo",   # the phrase is what is asked for
    "what country that s a main trading partner of X has the euro",
    "what country that's a main trading partner of X has the euro",
    "what is the title of the movie that was directed by X and produced by Y",
    "which films starred X",
])
def test_a_phrase_the_question_says_is_its_answer_is_no_bridge(masked):
    from kgsparql.methods.kelgop.nested_phrases import bridge_phrases
    assert bridge_phrases(masked, "X") == []


def test_a_reduced_clause_bridge_goes_on_with_the_rest(kelgop):
    _, films, outcome = _bridge_outcome(kelgop, QUESTION)
    link = kelgop.ctx.linker.link("Who directed the films starred by James Stewart?")
    went_on = past_bridge(kelgop.planner, link, outcome)
    assert went_on is not None and went_on.answers
    directors = set().union(*(chain_gold(kb_tables(DEMO_KB), film, ["directed_by"])
                              for film in films.answers[: kelgop.planner.per_entity]))
    assert set(went_on.answers) <= directors

"""The kind of answer a question asks for steers which relation answers it (``methods/kind_fit.py``):
"when" takes the chain that reaches years, "where" the one that reaches places, read from the ends a
real (in-memory) store gives; the kind picks relations, never the hop count."""
from __future__ import annotations

import pytest

from kgsparql.methods.kind_fit import KindFit
from kgsparql.rank import build_ranker

from kgtest import lines_adapter

ROWS = ["Acme Corp|founded_by|Jane Roe", "Acme Corp|founding_year|1972",
        "Acme Corp|headquarters_city|Springfield", "Springfield|in_state|Illinois",
        "Globex|founded_by|Jane Roe", "Globex|founding_year|1990"]


@pytest.fixture(scope="module")
def acme():
    adapter = lines_adapter(ROWS)
    topic = next(e for e in adapter.lookup("Acme Corp") if e.name == "Acme Corp")
    out = {adapter.verbalize(rc.relation): rc.relation for rc in adapter.relations([topic], "out")}
    chains = {label: (relation,) for label, relation in out.items()}
    ends = {chain: {t.tail for t in adapter.neighbors([topic], chain[0])} for chain in chains.values()}
    city = next(iter(ends[chains["headquarters city"]]))
    state = next(rc.relation for rc in adapter.relations([city], "out"))
    two = (chains["headquarters city"], state)
    ends[two] = {t.tail for t in adapter.neighbors([city], state)}
    return KindFit(build_ranker("embedding"), adapter.verbalize), chains, ends, two


def _first(fit, chains, ends, question, order):
    ranked = [(chains[label] if isinstance(label, str) else label, score) for label, score in order]
    return fit.prefer(question, ranked, ends)[0][0]


def test_the_kind_is_read_from_the_opening_of_the_question():
    fit = KindFit(None, str)
    assert fit.asked("When was Acme Corp founded?") == "date"
    assert fit.asked("In what year was Jane Roe born?") == "date"
    assert fit.asked("Where is Acme Corp based?") == "place"
    assert fit.asked("Who runs Acme Corp?") == "person"
    assert fit.asked("How long is the Nile?") == "quantity"
    assert fit.asked("What is the language of the country where Basel is?") is None   # a relative "where"


def test_a_when_question_takes_the_chain_that_reaches_years(acme):
    fit, chains, ends, _ = acme
    order = [("founded by", 1.0), ("headquarters city", 0.3), ("founding year", 0.05)]
    assert _first(fit, chains, ends, "When was Acme Corp founded?", order) == chains["founding year"]
    assert _first(fit, chains, ends, "Who founded Acme Corp?", order) == chains["founded by"]   # left alone
    unfit = fit.unfit("When was Acme Corp founded?", [(chains["founding year"], 1.0)], ends)
    assert "founded by" in unfit and "founding year" not in unfit


def test_a_where_question_leaves_a_chain_that_reaches_a_person(acme):
    fit, chains, ends, _ = acme
    order = [("founded by", 1.0), ("founding year", 0.2), ("headquarters city", 0.02)]
    assert _first(fit, chains, ends, "Where is Acme Corp based?", order) == chains["headquarters city"]


def test_the_kind_never_changes_the_hop_count(acme):
    fit, chains, ends, two = acme
    order = [(two, 1.0), ("founding year", 0.9)]
    assert _first(fit, chains, ends, "When was the home state of Acme Corp formed?", order) == two



def test_who_moves_only_a_chain_that_scores_at_least_half_the_best(acme):
    fit, chains, ends, _ = acme
    close = [("headquarters city", 1.0), ("founded by", 0.6)]
    assert _first(fit, chains, ends, "Who is behind Acme Corp?", close) == chains["founded by"]
    far = [("headquarters city", 1.0), ("founded by", 0.3)]     # a publisher answers "who" too: the
    assert _first(fit, chains, ends, "Who is behind Acme Corp?", far) == chains["headquarters city"]  # words win

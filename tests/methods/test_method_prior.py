"""RefKG and KGFR read the default method's chain prior (``shared_chains.QuestionPrior``) and RefKG's
fact scorer reads relations through the shared matcher (docs/methods/refkg.md, docs/methods/kgfr.md)."""
from __future__ import annotations

import pytest

from kgsparql.api import Asker
from kgsparql.config import Settings
from kgsparql.errors import ConfigError
from kgsparql.kg import ensure_demo_store
from kgsparql.learn import chain_key
from kgsparql.methods.shared_chains import QuestionPrior
from kgsparql.rank.base import RankerContext
from kgsparql.meaning.fact_scorer import MiniLMScorer
from kgsparql.types import Relation

DIRECTED, STARRED = Relation("https://kg.example/directed_by"), Relation("https://kg.example/starred_actors")


def test_a_question_prior_reads_chains_by_key_and_tells_how_long_a_chain_it_expects():
    three = (DIRECTED, DIRECTED.reversed(), STARRED)
    prior = QuestionPrior({chain_key(three): 0.8, chain_key((DIRECTED,)): 0.1})
    assert prior.of(three) == 0.8 and prior.of((STARRED,)) == 0.0 and prior.of(()) == 0.0
    assert prior.longer_than(2) == 0.8 and prior.longer_than(3) == 0.0
    assert QuestionPrior().of(three) == 0.0 and QuestionPrior().longer_than(1) == 0.0


def test_the_prior_is_silent_on_a_chain_that_never_returns_in_a_same_kind_question():
    """"What else did the writer of X write": the walk out and back keeps the prior, the one-hop chain
    the prior learnt from other phrasings does not."""
    back, one = (DIRECTED, DIRECTED.reversed()), (DIRECTED,)
    prior = QuestionPrior({chain_key(back): 0.3, chain_key(one): 0.6})
    assert prior.of(one, same_kind=True) == 0.0 and prior.of(back, same_kind=True) == 0.3
    assert prior.of(one) == 0.6


def test_the_fact_scorer_keeps_a_relation_the_question_names_in_another_word_form():
    """"were released in which years" names ``release year``; the whole question's cosine with it is
    under RefKG's alpha (0.1), the shared matcher's score is not, and an unnamed relation scores lower."""
    question = "the films acted by Rosemary Forsyth were released in which years"     # as RefKG scores it
    facts = [("The War Lord", "release year", "1965"), ("The War Lord", "has tags", "medieval")]
    by_meaning = MiniLMScorer()
    whole = MiniLMScorer(RankerContext(name="minilm", options=MiniLMScorer.Options(by_meaning=False)))
    year, tags = by_meaning.score(question, facts)
    assert whole.score(question, facts)[0] < 0.1 <= 0.3 <= year and tags < year


@pytest.fixture(scope="module")
def base(tmp_path_factory) -> Settings:
    base = Settings()
    return base.replace(store=str(ensure_demo_store(base)), home=str(tmp_path_factory.mktemp("home")), llm="none")


@pytest.mark.parametrize("method", ["refkg", "kgfr"])
def test_the_prior_can_be_turned_off_and_its_weight_is_checked(base, method):
    off = base.replace(method=method, tables={"methods": {method: {"prior_model": "none"}}})
    with Asker(off) as asker:
        assert asker.ask("Who directed Kismet?").answers == ("William Dieterle",)
    bad = base.replace(method=method, tables={"methods": {method: {"prior_weight": 1.5}}})
    with pytest.raises(ConfigError, match="prior_weight"):
        Asker(bad).ask("Who directed Kismet?")


@pytest.mark.parametrize("same_kind, first", [(True, 2), (False, 3)])
def test_kgfr_ranks_by_score_and_prior_but_not_past_a_settled_walk_out_and_back(same_kind, first):
    """"Which movies share actors with X": the walk out and back says it all; the prior's three-hop
    template (on to their genres) does not pass it. Without the same-kind cue the prior decides."""
    from types import SimpleNamespace

    from kgsparql.methods.kgfr.chain_scoring import ChainScore
    from kgsparql.methods.kgfr.decision import with_trained
    from kgsparql.methods.kgfr.options import KgfrOptions

    back, longer = (STARRED, STARRED.reversed()), (STARRED, STARRED.reversed(), DIRECTED)
    ranking = [ChainScore(back, 1.0, 2.0, 0.5), ChainScore(longer, 0.6, 2.0, 0.5)]
    method = SimpleNamespace(trained=None, encoder=None, adapter=SimpleNamespace(verbalize=str), params=KgfrOptions())
    prior = QuestionPrior({chain_key(longer): 0.9})
    order, _ = with_trained(method, ranking, "which movies share actors with x", {back: [], longer: []}, prior, same_kind)
    assert len(order[0].chain) == first

"""The relation-fit model (``meaning.FitModel``, ``learn.fit_training``, ``methods.relation_fit``) with the
real MiniLM encoder: an absolute P(chain answers the question) that can say none of a KG's relations fits."""
from __future__ import annotations

import numpy as np
import pytest

from kgsparql.data import packaged_model
from kgsparql.errors import ConfigError
from kgsparql.learn.chain_training import ChainExample
from kgsparql.learn.fit_training import calibrate, fit_relation_fit, fit_rows
from kgsparql.meaning import FIT_FEATURES, ChainScorer, ChainText, FitModel, RelationMatcher
from kgsparql.methods.relation_fit import RelationFit, load_fit_model
from kgsparql.rank import build_ranker

CLUBS = {name: (name,) for name in ("home ground", "league", "city", "head coach", "founded in",
                                     "plays for", "position", "nationality", "born in", "capacity")}


@pytest.fixture(scope="module")
def encoder():
    return build_ranker("embedding")


def test_model_round_trips_and_refuses_other_files(tmp_path):
    model = FitModel(np.arange(len(FIT_FEATURES), dtype=float), -1.5, 0.4, {"seed": 3}, 0.1, 0.8)
    model.save(tmp_path / "fit.npz")
    back = FitModel.load(tmp_path / "fit.npz")
    assert np.allclose(back.weights, model.weights) and back.bias == -1.5 and back.threshold == 0.4
    assert (back.veto, back.lift, back.meta["seed"]) == (0.1, 0.8, 3)
    np.savez(tmp_path / "other.npz", weights=np.zeros(3))
    with pytest.raises(ConfigError, match="relation-fit"):
        FitModel.load(tmp_path / "other.npz")
    with pytest.raises(ConfigError, match="weights"):
        FitModel(np.zeros(3), 0.0)


def test_shipped_model_loads_and_none_turns_it_off():
    model = load_fit_model("")
    assert model.weights.shape == (len(FIT_FEATURES),) and 0.0 < model.veto < model.threshold < model.lift < 1.0
    assert load_fit_model("none") is None


def fit_of(encoder, question, hop, kg):
    parts: dict = {}
    scorer = ChainScorer.load(packaged_model("relations.npz"))
    found = RelationFit(RelationMatcher(encoder=encoder), load_fit_model(""), lambda: kg).probability(
        question, {hop: (hop,)}, parts, scorer, [False])
    assert parts["fit"] == round(found, 4)
    return found


@pytest.mark.parametrize("question, hop", [("who coaches x?", "head coach"), ("where was x born?", "born in")])
def test_a_relation_the_question_asks_for_fits(encoder, question, hop):
    assert fit_of(encoder, question, hop, CLUBS) >= load_fit_model("").threshold


@pytest.mark.parametrize("question, hop", [("how tall is x?", "position"), ("who is x married to?", "league")])
def test_the_scorer_favourite_among_unrelated_relations_does_not(encoder, question, hop):
    assert fit_of(encoder, question, hop, CLUBS) < load_fit_model("").threshold


def test_it_refuses_below_the_veto_bar_and_answers_from_the_lift_bar(encoder):
    fit = RelationFit(RelationMatcher(encoder=encoder), load_fit_model(""), lambda: CLUBS, veto=0.3, lift=0.6)
    fit.probability = lambda *args, **kw: p          # the bars, apart from the model
    for p, recognised, expected in ((0.2, ["meaning"], []), (0.4, ["meaning"], None), (0.4, [], None),
                                    (0.7, [], ["fit"]), (0.7, ["meaning"], None)):
        assert fit.decision("who coaches x?", {"league": ("league",)}, {}, recognised) == expected, (p, recognised)


def test_decides_only_one_hop_chains_without_a_prior(encoder):
    fit = RelationFit(RelationMatcher(encoder=encoder), load_fit_model(""), lambda: CLUBS)
    assert fit.decides(["league"], {"trained": 0.3, "trained_top": 0.5}, ["meaning"])
    assert not fit.decides(["league"], {"trained": 0.3, "trained_top": 0.5}, ["alignment"])
    assert not fit.decides(["league", "city"], {"trained": 0.3, "trained_top": 0.5})
    assert not fit.decides(["league"], {"trained": 0.3, "trained_top": 0.5, "prior": 1.0})
    assert not fit.decides(["league"], {})
    few = RelationFit(RelationMatcher(encoder=encoder), load_fit_model(""), lambda: CLUBS, max_relations=5)
    assert not few.decides(["league"], {"trained": 0.3, "trained_top": 0.5}, ["meaning"])


def test_training_gives_right_chains_more_than_the_ones_left_when_they_are_taken_away(encoder):
    hops = ("head coach", "home ground", "league", "born in", "nationality", "capacity")
    asks = {"head coach": "who coaches x", "home ground": "where does x play its home games",
            "league": "which league is x in", "born in": "where was x born", "nationality": "what nationality is x",
            "capacity": "how many seats does x have"}
    examples = [ChainExample(asks[h], tuple(ChainText((c,), (False,)) for c in hops), frozenset({i}), src)
                for src in ("a", "b") for i, h in enumerate(hops)]
    rows = fit_rows(examples, ChainScorer.load(packaged_model("relations.npz")), encoder)
    assert len(rows.y) == 3 * len(examples) and rows.y.sum() == len(examples)
    model, per_source = calibrate(fit_relation_fit(rows), rows)
    assert model.veto <= model.threshold <= model.lift
    p = model.probability(rows.x)
    assert p[rows.y == 1].mean() > p[rows.y == 0].mean() + 0.2
    assert set(per_source) == {"a", "b"} and min(per_source.values()) >= 0.75

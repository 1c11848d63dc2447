"""The shared chain scorer's model file and the synthetic question writer (no encoder needed)."""
from __future__ import annotations

import random
import re

import numpy as np
import pytest

from kgsparql.errors import ConfigError
from kgsparql.learn.synthetic import question_for, templates
from kgsparql.meaning import MASK, ChainScorer, ChainText, chain_text
from kgsparql.meaning.chain_scorer import FEATURES


def test_model_round_trips_and_refuses_other_files(tmp_path):
    model = ChainScorer(np.arange(FEATURES, dtype=np.float32) / FEATURES, {"examples": 3})
    model.save(tmp_path / "m.npz")
    back = ChainScorer.load(tmp_path / "m.npz")
    assert np.allclose(back.weights, model.weights) and back.meta["examples"] == 3
    np.savez(tmp_path / "other.npz", weights=np.zeros(3))
    with pytest.raises(ConfigError, match="cannot load chain scorer"):
        ChainScorer.load(tmp_path / "other.npz")
    with pytest.raises(ConfigError, match="weights"):
        ChainScorer(np.zeros(5, dtype=np.float32))


def test_packaged_model_loads():
    from kgsparql.data import packaged_model

    assert ChainScorer.load(packaged_model("relations.npz")).weights.shape == (FEATURES,)


def test_questions_are_written_from_the_chain_words():
    rng = random.Random(0)
    one = ChainText(("cast member",), (False,))
    two = ChainText(("director", "cast member"), (True, False))
    for _ in range(20):
        q1, q2 = question_for(one, rng), question_for(two, rng)
        assert "cast member" in q1 and re.search(rf"\b{MASK}\b", q1)
        assert "director" in q2 and "cast member" in q2 and re.search(rf"\b{MASK}\b", q2)
    assert all(k in templates() for k in ("one_forward", "one_reverse", "np_forward", "np_reverse", "chain"))
    assert chain_text(two) == "director (reverse) ; cast member"

"""The direction-aware chain features: the asked noun phrase, which side of a chain covers the
question's words, and models of either feature set (a stand-in encoder: a fixed random vector per word)."""
from __future__ import annotations

import zlib

import numpy as np
import pytest

from kgsparql.errors import ConfigError
from kgsparql.meaning import ChainScorer, ChainText, chain_features
from kgsparql.meaning.chain_direction import DIRECTION_FEATURES, asked_phrase, direction_features
from kgsparql.meaning.chain_scorer import FEATURE_SETS, FEATURES
from kgsparql.rank.base import tokenize


class WordEncoder:
    """A text's vector: the normalised sum of one fixed random vector per word."""

    def embed(self, texts):
        out = np.zeros((len(texts), 384), dtype=np.float32)
        for n, text in enumerate(texts):
            for w in tokenize(text):
                out[n] += np.random.default_rng(zlib.crc32(w.encode())).normal(size=384)
            out[n] /= np.linalg.norm(out[n]) or 1.0
        return out


@pytest.mark.parametrize("question, phrase", [
    ("what 5 countries border x", "countries border"),
    ("what is the official language of x", "official language"),
    ("which kind of music does x play", "music"),
    ("who directed x", ""),
    ("what did x do", ""),
])
def test_the_asked_phrase_follows_the_wh_word(question, phrase):
    assert asked_phrase(question) == phrase


def test_a_reverse_hop_covering_the_asked_noun_is_told_apart_from_a_forward_one():
    col = {name: n for n, name in enumerate(DIRECTION_FEATURES)}
    backwards = ChainText(("countries used",), (True,))
    forwards = ChainText(("countries",), (False,))
    scores = {"countries used": 0.6, "countries": 0.7}
    rows = direction_features("what countries border x", [backwards, forwards], WordEncoder(), scores)
    assert rows.shape == (2, len(DIRECTION_FEATURES))
    assert rows[0, col["asked_reverse"]] > 0.3 and rows[1, col["asked_reverse"]] == 0
    assert rows[1, col["asked_last_forward"]] > rows[0, col["asked_last_forward"]]
    assert rows[0, col["stems_reverse"]] > 0 and rows[0, col["stems_forward"]] == 0
    assert rows[0, col["last_reverse"]] == 1 and rows[1, col["last_hop"]] == pytest.approx(0.7)


def test_each_feature_set_has_its_width_and_a_model_reads_its_own():
    chains = [ChainText(("adjoins",), (False,)), ChainText(("currency", "countries used"), (False, True), 3)]
    one = chain_features("what countries border x", chains, WordEncoder(), feature_set=1)
    two = chain_features("what countries border x", chains, WordEncoder(), feature_set=2)
    assert one.shape == (2, FEATURES) and two.shape == (2, FEATURE_SETS[2])
    assert np.allclose(two[:, :FEATURES], one)
    model = ChainScorer(np.ones(FEATURE_SETS[2], dtype=np.float32))
    assert model.feature_set == 2 and ChainScorer(np.ones(FEATURES, dtype=np.float32)).feature_set == 1
    assert np.allclose(model.score("what countries border x", chains, WordEncoder()), two.sum(axis=1), atol=1e-3)
    with pytest.raises(ConfigError, match="feature set"):
        chain_features("what countries border x", chains, WordEncoder(), feature_set=7)

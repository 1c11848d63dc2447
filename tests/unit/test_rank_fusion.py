"""FusionRanker: min-max normalised BM25 and embedding scores, weighted."""
from __future__ import annotations

import pytest

from kgsparql.config import Settings
from kgsparql.errors import ConfigError
from kgsparql.rank import build_ranker
from kgsparql.rank.fusion import FusionRanker, fuse_prior, minmax


class Fixed:
    def __init__(self, scores):
        self.scores = scores

    def rank(self, query, items):
        return list(self.scores)


def fusion(lexical, semantic, weight):
    ranker = build_ranker("fusion", Settings(plugins={"fusion": {"weight": weight}}))
    ranker.bm25, ranker.embedding = Fixed(lexical), Fixed(semantic)
    return ranker


def test_minmax():
    assert minmax([2.0, 4.0, 3.0]) == [0.0, 1.0, 0.5]
    assert minmax([1.0, 1.0]) == [0.0, 0.0]
    assert minmax([]) == []


def test_weight_moves_the_order():
    lexical, semantic = [10.0, 0.0, 5.0], [0.1, 0.9, 0.2]
    assert _order(fusion(lexical, semantic, 0.0).rank("q", ["a", "b", "c"])) == [0, 2, 1]
    assert _order(fusion(lexical, semantic, 1.0).rank("q", ["a", "b", "c"])) == [1, 2, 0]
    both = fusion(lexical, semantic, 0.5).rank("q", ["a", "b", "c"])
    assert both == pytest.approx([0.5, 0.5, 0.5 * 0.5 + 0.5 * 0.125])


def test_no_lexical_signal_leaves_the_embedding_order():
    scores = fusion([0.0, 0.0, 0.0], [0.3, 0.1, 0.2], 0.7).rank("q", ["a", "b", "c"])
    assert _order(scores) == [0, 2, 1]


def test_weight_is_validated_and_empty_items():
    with pytest.raises(ConfigError, match=r"\[plugins.fusion\]"):
        build_ranker("fusion", Settings(plugins={"fusion": {"weight": 1.5}}))
    with pytest.raises(ConfigError, match="must be a number"):
        build_ranker("fusion", Settings(plugins={"fusion": {"weight": "high"}}))
    assert fusion([], [], 0.5).rank("q", []) == []


def test_fuse_prior_lets_a_confident_prior_decide_and_an_unsure_one_defer():
    assert fuse_prior([0.9, 0.05], [0.0, 1.0], 0.7).argmax() == 0, "confident prior"
    assert fuse_prior([0.2, 0.1], [0.0, 1.0], 0.7).argmax() == 1, "unsure prior: semantics decide"
    assert fuse_prior([0.2, 0.1], [0.0, 1.0], 0.5).tolist() == pytest.approx([0.1, 0.55])
    assert fuse_prior([0.0, 0.0], [0.3, 0.9], 0.5).tolist() == [0.3, 0.9]


@pytest.mark.models
def test_real_fusion_ranks_directed_by_first():
    pytest.importorskip("sentence_transformers")
    scores = FusionRanker().rank("who directed Kismet", ["release year", "directed by", "has tags"])
    assert _order(scores)[0] == 1


def _order(scores):
    return sorted(range(len(scores)), key=lambda i: -scores[i])

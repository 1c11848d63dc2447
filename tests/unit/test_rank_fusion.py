"""FusionRanker: min-max normalised BM25 and embedding scores, weighted."""
from __future__ import annotations

import pytest

from kgsparql.config import Settings
from kgsparql.errors import ConfigError
from kgsparql.rank.fusion import FusionRanker, minmax


class Fixed:
    def __init__(self, scores):
        self.scores = scores

    def rank(self, query, items):
        return list(self.scores)


def fusion(lexical, semantic, weight):
    ranker = FusionRanker(Settings(plugins={"fusion": {"weight": weight}}))
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
    with pytest.raises(ConfigError):
        FusionRanker(Settings(plugins={"fusion": {"weight": 1.5}}))
    assert fusion([], [], 0.5).rank("q", []) == []


@pytest.mark.models
def test_real_fusion_ranks_directed_by_first():
    pytest.importorskip("sentence_transformers")
    scores = FusionRanker().rank("who directed Kismet", ["release year", "directed by", "has tags"])
    assert _order(scores)[0] == 1


def _order(scores):
    return sorted(range(len(scores)), key=lambda i: -scores[i])

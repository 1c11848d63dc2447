"""BM25Ranker: rank-bm25 over the items of one call, tokenised on non-alphanumerics."""
from __future__ import annotations

import pytest

from kgsparql.config import Settings
from kgsparql.errors import PluginError
from kgsparql.rank import Ranker, build_ranker, tokenize
from kgsparql.rank.bm25 import BM25Ranker

RELATIONS = ["directed by", "release year", "starred actors", "written by", "has tags"]


def test_tokenize_splits_underscores_and_lowers():
    assert tokenize("starred_actors of Kismet (1944)") == ["starred", "actors", "of", "kismet", "1944"]
    assert tokenize("who directed Kismet", stopwords=True) == ["directed", "kismet"]


def test_directed_by_ranks_above_release_year():
    scores = BM25Ranker().rank("who directed Kismet", RELATIONS)
    assert scores[0] > scores[1]
    assert scores[0] == max(scores)


def test_two_items_still_rank():
    """Okapi IDF is 0 for a word in half of a two-document corpus; the positive floor keeps it."""
    scores = BM25Ranker().rank("who directed Kismet", ["directed_by", "release_year"])
    assert scores[0] > scores[1] == 0.0


def test_function_words_do_not_match():
    scores = BM25Ranker().rank("who acted in Kismet", ["in language", "starred actors"])
    assert scores == [0.0, 0.0]


def test_one_score_per_item_in_order_and_empty_inputs():
    ranker = BM25Ranker()
    assert ranker.rank("x", []) == []
    assert ranker.rank("", ["a", "b"]) == [0.0, 0.0]
    assert ranker.rank("year", ["", "release year", ""])[1] > 0
    assert len(ranker.rank("year", ["", "release year", ""])) == 3


def test_build_ranker_uses_settings():
    ranker = build_ranker("bm25", Settings(plugins={"bm25": {"k1": 1.2, "stopwords": False}}))
    assert isinstance(ranker, Ranker) and ranker.k1 == 1.2 and ranker.stopwords is False
    with pytest.raises(PluginError):
        build_ranker("nope")

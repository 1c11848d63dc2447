"""A claim whose words name no relation one by one may still mean one as a whole: the shared
``meaning.RelationMatcher`` names it (``verify.relation_words.meant_word``), or nothing when no label
leads clearly."""
from __future__ import annotations

import pytest

from kgsparql.meaning import MatcherOptions, RelationMatcher
from kgsparql.rank import build_ranker
from kgsparql.verify.relation_words import meant_word

LABELS = ["directed by", "written by", "starred actors", "release year", "has genre", "in language"]


@pytest.fixture(scope="module")
def matcher():
    return RelationMatcher(MatcherOptions(min_score=0.45), encoder=build_ranker("embedding"))


def test_the_relation_the_whole_claim_means(matcher):
    claim = "Kismet came out some year."
    [word] = meant_word(matcher, claim, "x came out some year.", LABELS)
    assert word.labels == {"release year"} and claim.lower()[word.position:].startswith(word.word)
    assert 0.45 <= word.strength < 1.0


def test_nothing_when_no_label_leads(matcher):
    assert meant_word(matcher, "Kismet is nice.", "x is nice.", LABELS) == []

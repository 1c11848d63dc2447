"""``meaning.Polarity`` with MiniLM: framing that denies a statement is told from framing that passes
it on or hedges, by meaning (a "not" inside a hedge does not deny)."""
from __future__ import annotations

import pytest

from kgsparql.errors import ConfigError
from kgsparql.meaning import Polarity, PolarityOptions
from kgsparql.rank import build_ranker


@pytest.fixture(scope="module")
def polarity():
    return Polarity(build_ranker("embedding"))


@pytest.mark.parametrize("phrase", ["It's false that", "It is not true that", "It's not the case that",
                                    "It is incorrect that", "It is a mistake to think that"])
def test_denials_are_read(polarity, phrase):
    assert polarity.denies(phrase)


@pytest.mark.parametrize("phrase", ["I have heard that", "Interestingly,", "It is true that", "Apparently",
                                    "Believe it or not,", "I'm not sure but I think", "you know?", ""])
def test_reports_and_hedges_do_not_deny(polarity, phrase):
    assert not polarity.denies(phrase)


def test_options_are_checked_at_construction():
    with pytest.raises(ConfigError):
        PolarityOptions(margin=1.5)

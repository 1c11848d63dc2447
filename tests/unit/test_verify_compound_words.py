"""A compound word names the relation that is the compound ("youthclub" / *youthclubs*), not the one
of its head ("club" / *clubs*), when the KG has both (verify.relation_words), on a real store."""
from __future__ import annotations

import pytest

from kgtest import evidence_home, store_verifier

EVIDENCE = (("Jon_Wilkes", "clubs", "Leeds_United_F.C."), ("Sam_Nills", "youthclubs", "Ajax_Youth"),
            ("Sam_Nills", "clubs", "AFC_Ajax"))


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    return evidence_home(tmp_path_factory, EVIDENCE, "compound")


def test_a_compound_word_names_the_compound_relation(store):
    with store_verifier(*store, closed=True) as verifier:
        result = verifier.verify("Yes, Jon Wilkes had a youthclub.")      # he has clubs, no youth club
        assert result.verdict == "false", result.explanation
        result = verifier.verify("Yes, Sam Nills had a youthclub.")
        assert result.verdict == "true", result.explanation
        result = verifier.verify("Jon Wilkes had a club.")                 # the head word still names clubs
        assert result.verdict == "true", result.explanation

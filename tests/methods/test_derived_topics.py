"""A topic named in a derived form (``kgsparql/linking/matching.py`` ``base_forms``,
``kgsparql/linking/scoring.py``, ``kgsparql/methods/frag/derived_bridge.py``): the form reaches the
name by English morphology, is spelled like it, and the hop it leaves unnamed is fixed by the KG; a
hop that walks straight back along the one before is only taken when a word of its own asks for it."""
from __future__ import annotations

from kgsparql.linking.index import LabelIndex
from kgsparql.linking.matching import TRIMMED, base_forms, index_readings
from kgsparql.linking.scoring import base_scores
from kgsparql.linking.text import tokens
from kgsparql.methods.frag.derived_bridge import derived_mention, first_bridged
from kgsparql.methods.frag.zero_shot import walks_back
from kgsparql.types import Relation

R = "https://example.org/r/"
MEMBER, WROTE, SHELVED = (Relation(R + n, n) for n in ("member of", "wrote", "shelved in"))


def verbalize(r: Relation) -> str:
    return r.label + (" (reverse)" if r.inverse else "")


def test_a_final_y_comes_back_from_its_derived_forms():
    assert "norway" not in base_forms("norwegians")            # no list: only what the spelling gives
    assert {"sicily", "albany"} <= {*base_forms("sicilians"), *base_forms("alban")}
    index = LabelIndex([("s", "Sicily"), ("t", "Tuscany"), ("c", "Cuba")])
    for text, label in (("wines from sicilian vineyards", "Sicily"), ("a Tuscan villa", "Tuscany"),
                        ("two Cubans", "Cuba")):
        assert [(r.entity.label, r.tier) for r in index_readings(index, tokens(text))] == [(label, TRIMMED)]
    assert base_forms("guides")[0] == "guide" and not any(f.endswith("y") for f in base_forms("guides"))


def test_a_derived_form_spelled_like_a_capitalised_name_outranks_a_common_noun():
    index = LabelIndex([("a", "Sicily"), ("b", "painter")])
    toks = tokens("Which painters were taught by Sicilians?")
    readings = index_readings(index, toks)
    scores = dict(zip((r.entity.label for r in readings), base_scores(toks, readings, case_aware=True)))
    assert scores["Sicily"] > scores["painter"] + 0.15
    lower = tokens("which painters were taught by sicilians")      # no capitals written: no such evidence
    low = dict(zip((r.entity.label for r in index_readings(index, lower)),
                   base_scores(lower, index_readings(index, lower), case_aware=False)))
    assert abs(low["Sicily"] - low["painter"]) < 0.05


def test_a_topic_named_only_in_a_derived_form():
    assert derived_mention("Which poems did Sicilian monks copy?", "Sicily")
    assert not derived_mention("Which poems were copied in Sicily by Sicilians?", "Sicily")
    assert not derived_mention("Which poems did Sicilian monks copy?", "Palermo")
    assert not derived_mention("Which poems did Sicilian monks copy?", "Santa Maria")


def test_the_first_hop_of_a_derived_topic_is_fixed_only_when_it_is_the_only_way():
    best = (MEMBER.reversed(), WROTE)
    one_way = [(MEMBER.reversed(),), best, (MEMBER.reversed(), SHELVED)]
    assert first_bridged(best, one_way, verbalize, {"wrote"})
    assert not first_bridged(best, [*one_way, (SHELVED.reversed(), WROTE)], verbalize, {"wrote"}), "two ways"
    assert not first_bridged(best, one_way, verbalize, {"member of"}), "the named hop is not the rest"
    assert not first_bridged((WROTE,), [(WROTE,)], verbalize, {"wrote"}), "one hop: nothing to fix"


def test_a_hop_back_along_the_one_before():
    asked = "Which poets were members of X?"
    assert walks_back((MEMBER.reversed(), WROTE, WROTE.reversed()), asked), "back to the bridge"
    assert walks_back((MEMBER, MEMBER.reversed()), "Which club is X a member of?"), "one relation named"
    assert not walks_back((MEMBER, MEMBER.reversed()), "Which poets joined the club of X?"), "named twice"
    assert not walks_back((MEMBER, MEMBER.reversed()), "Which other poets are members of X?")
    assert not walks_back((MEMBER.reversed(), WROTE), asked)
    assert not walks_back((WROTE,), asked)

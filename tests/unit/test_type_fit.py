"""The noun a question asks for ("which *continent*", "what *music*") puts first a close chain whose
ends are nearer to it than the best-ranked chain's (``methods/frag/type_fit.py``), read with the real
MiniLM encoder from the ends a real (in-memory) store gives; far chains and other hop counts stay put."""
from __future__ import annotations

import pytest

from kgsparql.methods.frag.type_fit import asked_noun, type_fit_first, type_fit_order
from kgsparql.methods.frag.walk_on import WalkOn, end_roles
from kgsparql.rank import build_ranker

from kgtest import lines_adapter

ROWS = ["Falkland Islands|currency_used|Falkland Islands pound", "Falkland Islands|contained_by|South America",
        "Falkland Islands|official_language|English Language", "English Language|spoken_in|England",
        "Spain|official_language|Spanish Language", "Spain|languages_spoken|Spanish Language",
        "Spain|languages_spoken|Basque Language", "Spain|languages_spoken|Galician Language"]


def _chains(adapter, name: str) -> tuple[dict, dict]:
    topic = next(e for e in adapter.lookup(name) if e.name == name)
    chains = {adapter.verbalize(rc.relation): (rc.relation,) for rc in adapter.relations([topic], "out")}
    ends = {c: {t.tail for t in adapter.neighbors([topic], c[0])} for c in chains.values()}
    return chains, ends


@pytest.fixture(scope="module")
def kg():
    return lines_adapter(ROWS), build_ranker("embedding")


def test_the_noun_is_read_after_which_or_what():
    assert asked_noun("which continent is X on") == "continent"
    assert asked_noun("what is the primary language of X") == "primary language"
    assert asked_noun("what kind of music did X play") == "music"
    assert asked_noun("what 5 countries border X") == "countries border"
    assert asked_noun("who directed X") is None
    assert asked_noun("what is X") is None


def test_a_close_chain_nearer_the_noun_goes_first(kg):
    adapter, encoder = kg
    chains, ends = _chains(adapter, "Falkland Islands")
    ranked = [(chains["currency used"], 1.0), (chains["contained by"], 0.6)]
    first = type_fit_first(encoder, "which continent is X on", ranked, ends)[0][0]
    assert first == chains["contained by"]


def test_far_chains_other_hop_counts_and_nounless_questions_keep_the_order(kg):
    adapter, encoder = kg
    chains, ends = _chains(adapter, "Falkland Islands")
    far = [(chains["currency used"], 1.0), (chains["contained by"], 0.1)]
    assert type_fit_first(encoder, "which continent is X on", far, ends) == far
    language = chains["official language"]
    two = (language[0], next(rc.relation for rc in adapter.relations(list(ends[language]), "out")))
    longer = [(chains["currency used"], 1.0), (two, 0.9)]
    assert type_fit_first(encoder, "which country is X's language spoken in", longer, {**ends, two: {}}) == longer
    ranked = [(chains["currency used"], 1.0), (chains["contained by"], 0.9)]
    assert type_fit_first(encoder, "where is X", ranked, ends) == ranked


def test_a_list_holding_the_nearest_end_is_not_moved_behind_a_subset(kg):
    adapter, encoder = kg
    chains, ends = _chains(adapter, "Spain")
    ranked = [(chains["languages spoken"], 1.0), (chains["official language"], 0.6)]
    assert type_fit_first(encoder, "what language is spoken in X", ranked, ends) == ranked


BAND_ROWS = ["Chris Martin|born_in|Exeter", "Exeter|locatedIn|United Kingdom", "Coldplay|formed_in|London",
             "London|locatedIn|United Kingdom", "Thom Yorke|born_in|Wellingborough",
             "Wellingborough|locatedIn|United Kingdom", "Chris Martin|member of|Coldplay",
             "Coldplay|recordLabel|Parlophone", "Parlophone|based_in|London", "Thom Yorke|member of|Radiohead",
             "Radiohead|formed_in|Abingdon", "Abingdon|locatedIn|United Kingdom"]


def _walks(adapter, topic_name: str, first: str) -> tuple[tuple, dict]:
    """The topic's one-hop chain ``first`` and every chain one hop past it, with their ends."""
    topic = next(e for e in adapter.lookup(topic_name) if e.name == topic_name)
    hop = next(rc.relation for rc in adapter.relations([topic], "out") if adapter.verbalize(rc.relation) == first)
    reached = {t.tail for t in adapter.neighbors([topic], hop)}
    ends = {(hop,): reached}
    for rc in adapter.relations(list(reached), "both"):
        if rc.relation != hop.reversed():
            ends.setdefault((hop, rc.relation), set()).update(t.tail for t in adapter.neighbors([rc.entity], rc.relation))
    return (hop,), ends


def test_the_walk_goes_on_to_the_kind_the_question_names(kg):
    adapter, encoder = lines_adapter(BAND_ROWS), kg[1]
    first, ends = _walks(adapter, "Chris Martin", "born in")
    ranked = [(first, 1.0), *((c, 0.6) for c in ends if c != first)]
    walk = WalkOn(adapter)
    order, walked = type_fit_order(encoder, "in which country was X born", ranked, ends, walk=walk)
    assert walked == order[0][0] and [adapter.verbalize(r) for r in walked] == ["born in", "located in"]
    assert end_roles(adapter, adapter.verbalize, [walked], ends)[next(iter(ends[walked]))] == ("located in",)
    stays, none = type_fit_order(encoder, "in which city was X born", ranked, ends, walk=walk)
    assert stays == ranked and none is None          # a city is where "born in" stops
    assert type_fit_order(encoder, "in which country was X born", ranked, ends) == (ranked, None)   # no walk given


def test_where_no_candidate_goes_on_the_next_hop_is_fetched(kg):
    adapter, encoder = lines_adapter(BAND_ROWS), kg[1]
    first, ends = _walks(adapter, "Thom Yorke", "member of")
    two = next(c for c in ends if len(c) == 2 and adapter.verbalize(c[1]) == "formed in")
    ranked = [(two, 1.0), (first, 0.4)]
    order, walked = type_fit_order(encoder, "in which country was the band of X formed", ranked, {two: ends[two]},
                                   walk=WalkOn(adapter))
    assert walked == order[0][0] and walked[:2] == two and order[0][1] == 1.0
    assert {t.tail.name for t in adapter.neighbors(list(ends[two]), walked[2])} == {"United Kingdom"}
    unfetched = type_fit_order(encoder, "in which country was the band of X formed", ranked, {two: ends[two]},
                               walk=WalkOn(adapter, fetch=False))
    assert unfetched == (ranked, None)              # walk_fetch off: no look-up past the route


RIVER_ROWS = ["Rhine|empties_into|North Sea", "Elbe|empties_into|North Sea", "Danube|empties_into|Black Sea",
              "Cologne|located_on|Rhine", "Basel|located_on|Rhine", "Hamburg|located_on|Elbe",
              "Vienna|located_on|Danube", "Rhine|length_km|1230", "Cologne Cathedral|in_city|Cologne",
              "Basel Minster|in_city|Basel", "Hamburg Rathaus|in_city|Hamburg"]


def test_the_fetched_hop_may_go_backwards_to_the_subjects_of_a_nested_phrase(kg):
    """"Which cities lie on rivers that empty into X": the rivers' subjects are the cities asked for,
    one look-up either way past the best chain, never straight back to the topic."""
    adapter, encoder = lines_adapter(RIVER_ROWS), kg[1]
    sea = next(e for e in adapter.lookup("North Sea") if e.name == "North Sea")
    into = next(rc.relation for rc in adapter.relations([sea], "in"))
    first = (into,)
    ranked = [(first, 1.0), ((into.reversed(),), 0.2)]
    ends = {first: {t.tail for t in adapter.neighbors([sea], into)}}
    fetched = WalkOn(adapter).further(first, ends)
    assert all(c[-1] != into.reversed() for c in fetched)
    order, walked = type_fit_order(encoder, "which cities lie on rivers that empty into X", ranked, ends,
                                   walk=WalkOn(adapter))
    assert walked is not None and adapter.verbalize(walked[-1]) == "located on" and walked[-1].inverse
    assert {e.name for e in fetched[walked]} == {"Cologne", "Basel", "Hamburg"}


def test_the_head_word_of_the_noun_phrase_counts(kg):
    # "dominant religion": the adjective alone and the phrase sit far from *Buddhism* (below min_fit);
    # the phrase's last word, its head, reads it as a religion
    _, encoder = kg
    adapter = lines_adapter(["Tenzin Gyatso|leadership_role|Spiritual Head", "Tenzin Gyatso|religion|Buddhism"])
    chains, ends = _chains(adapter, "Tenzin Gyatso")
    ranked = [(chains["leadership role"], 1.0), (chains["religion"], 0.9)]
    first = type_fit_first(encoder, "what is the dominant religion where the leader is X", ranked, ends)[0][0]
    assert first == chains["religion"]

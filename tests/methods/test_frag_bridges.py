"""How many hops a question about a small KG walks when its topic sits in a noun phrase
(``kgsparql/methods/frag/bridges.py``): the phrase and the rest of the question name a hop each, the KG
fixes a hop the question does not name, and a lookup that nests nothing stays one hop."""
from __future__ import annotations

from kgsparql.methods.frag.bridges import asks_beyond_nest, bridged, kind_bridged, nest_parts, nest_walked_through, nests
from kgsparql.types import Relation

R = "https://example.org/r/"
HOUSED, OPENED, LOCATED, FOUNDED = (Relation(R + n, n) for n in ("housed in", "opened year", "located in", "founded by"))


def verbalize(r: Relation) -> str:
    return r.label + (" (reverse)" if r.inverse else "")


def test_the_rest_of_the_question_is_read_around_the_innermost_phrase():
    assert asks_beyond_nest("Where is the label of X based?") == "based"
    assert asks_beyond_nest("Name the birthplace of the artist who painted X.") == "birthplace"
    assert asks_beyond_nest("Where was X's teacher born?") == "born"
    for lookup in ("Who is the director of X?", "What is the capital of X?", "Where did X die?",
                   "What is the name of the painter of X?", "Which films did X direct?"):
        assert asks_beyond_nest(lookup) == "", lookup


def test_a_bridge_the_kg_fixes_is_taken_only_when_it_is_the_only_way():
    question = "What year was the museum holding the X opened?"
    only = [(HOUSED,), (HOUSED, OPENED), (HOUSED, LOCATED)]
    assert bridged(question, (HOUSED, OPENED), only, verbalize, {"opened year"})
    two_ways = [*only, (LOCATED, OPENED)]
    assert not bridged(question, (HOUSED, OPENED), two_ways, verbalize, {"opened year"})
    assert not bridged(question, (HOUSED, OPENED), only, verbalize, {"located in"}), "the last hop is not named"
    assert not bridged("When did X open?", (HOUSED, OPENED), only, verbalize, {"opened year"}), "nothing nests"


def test_a_last_hop_fixed_by_the_kind_of_answer():
    question = "Where is the museum of X located?"
    ways = [(HOUSED, LOCATED), (HOUSED, FOUNDED), (HOUSED, HOUSED.reversed())]
    fit = {LOCATED: 0.4, FOUNDED: -0.3}
    fits = lambda c: fit.get(c[-1], -1.0)       # noqa: E731
    assert kind_bridged(question, (HOUSED, LOCATED), ways, verbalize, {"housed in"}, fits)
    assert not kind_bridged(question, (HOUSED, FOUNDED), ways, verbalize, {"housed in"}, fits)
    close = lambda c: 0.3 if c[-1] in (LOCATED, FOUNDED) else -1.0     # noqa: E731
    assert not kind_bridged(question, (HOUSED, LOCATED), ways, verbalize, {"housed in"}, close), "no clear lead"


def test_a_nested_question_walks_on_and_a_lookup_does_not():
    ranked = [((HOUSED,), 0.9), ((LOCATED,), 0.5), ((HOUSED, HOUSED.reversed()), 0.4), ((HOUSED, LOCATED), 0.3)]
    walked = nest_walked_through("Where is the museum holding X located?", ranked, lambda c: 0.2)
    assert walked[0][0] == (HOUSED, LOCATED) and len(walked) == len(ranked)
    assert nest_walked_through("Which museum holds X?", ranked) == ranked
    stays = nest_walked_through("Who supervised X's doctorate?", ranked, lambda c: -0.5)
    assert stays == ranked, "going on from the best hop must reach the kind of answer asked for"


def test_a_bare_plural_holds_the_topic_but_the_noun_asked_for_does_not():
    assert asks_beyond_nest("Which writers were born in cities in X?") == "writers born"
    assert asks_beyond_nest("Which cities lie on rivers that empty into X?") == "cities lie on"
    assert asks_beyond_nest("Who studied at universities in X?") == "studied at"
    assert asks_beyond_nest("When were the missions to X launched?") == "launched"
    assert asks_beyond_nest("Who are the main actors of X?") == ""     # the article's phrase holds "main"
    for flat in ("Which universities are located in X?", "Which films starred X?", "Who plays in X?",
                 "Name some films that X directed.", "How many goals did X score?", "What awards has X won?"):
        assert not nests(flat), flat


def test_the_phrase_is_read_as_its_head_and_the_words_that_tie_it_to_the_topic():
    assert nest_parts("Which fish live in rivers that flow into X?") == ("rivers", {"that", "flow", "into"})
    assert nest_parts("What year was the museum holding X opened?") == ("museum", {"holding"})
    assert nest_parts("Which clubs have players from X?") == ("players", {"from"})
    assert nest_parts("Where was X's teacher born?") == (None, set())
    assert nest_parts("Who directed X?") == (None, set())

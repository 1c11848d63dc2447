"""NestedHops: a two-hop chain read hop by hop against the two halves of a question that nests its
topic, each hop among the relations the KG offers at its step (methods/nested_hops.py)."""
from __future__ import annotations

import pytest

from kgsparql.meaning import RelationMatcher
from kgsparql.methods.abstention import AbstentionOptions
from kgsparql.methods.nested_hops import NestedHops, halves, kind_labels, meant_in
from kgsparql.rank import build_ranker

# a small KG of ships and harbours, in its own words
SHIPS = {name: (name,) for name in ("home port", "built by", "launch year", "port city", "in region",
                                     "captain", "shipyard founded", "tonnage")}
SHIP_SIDE = {"home port", "built by", "launch year", "captain", "tonnage"}       # what a ship holds
PORT_SIDE = {"home port", "port city", "in region"}                              # what a harbour holds


@pytest.fixture(scope="module")
def matcher():
    return RelationMatcher(encoder=build_ranker("embedding"))


class _Kinds:
    """Stands in for ``KindRelations``: the ships' and the harbours' relations, by which entity is asked."""

    adapter = None

    def held(self, entities):
        return SHIP_SIDE if "ship" in entities else PORT_SIDE


class _Judge(NestedHops):
    def __init__(self, matcher, **options):
        self.matcher, self.options, self.kinds = matcher, AbstentionOptions(**options), _Kinds()

    def _names(self):
        return SHIPS

    def few_relations(self):
        return True


@pytest.fixture()
def harbour_ends(monkeypatch):
    monkeypatch.setattr("kgsparql.methods.nested_hops.chain_ends", lambda adapter, topics, chain: ["harbour"])


def test_halves_split_the_phrase_around_the_topic_from_the_rest():
    assert halves("In which region is the harbour that X sails from?") == ("the harbour that X sails from",
                                                                          "In which region is X?")
    assert halves("When was X launched?") is None


def test_a_relative_clause_without_a_pronoun_nests_the_topic_too():
    assert halves("How heavy was the ship X commanded?") == ("the ship X commanded", "How heavy was X?")
    assert halves("Which ship did X command?") is None          # no noun phrase around the topic


def test_a_label_the_asked_noun_heads_with_a_modifier_names_the_answer_kind_not_a_relation():
    names = {"port city": (), "city": (), "home port": ()}
    assert kind_labels("Which city is X in?", names) == {"port city"}     # "city" itself is named by the noun
    assert kind_labels("Where is X?", names) == set()


def test_a_hop_is_meant_only_near_the_best_of_the_relations_compared(matcher):
    assert meant_in(matcher, "the ship's captain", "captain", SHIPS, 0.2) is not None
    assert meant_in(matcher, "when was X launched?", "tonnage", SHIPS, 0.2) is None     # launch year is meant


def test_each_hop_meant_by_its_half_recognises_the_chain(matcher, harbour_ends):
    parts: dict = {}
    judge = _Judge(matcher)
    assert judge._hop_by_hop("In which region is the home port of X?", ["home port", "in region"], parts,
                             topics=["ship"], chain=["hop1", "hop2"])
    assert parts["hop_by_hop"] >= AbstentionOptions().meaning_min


def test_a_hop_its_half_does_not_mean_is_not_recognised(matcher, harbour_ends):
    parts: dict = {}
    assert not _Judge(matcher)._hop_by_hop("In which region is the home port of X?", ["captain", "in region"],
                                           parts, topics=["ship"], chain=["hop1", "hop2"])
    assert "hop_by_hop" not in parts


def test_a_relation_that_cannot_give_the_kind_asked_is_no_rival_of_the_last_hop(matcher, harbour_ends):
    question, hops = "When was the ship X commanded built?", ["captain", "launch year"]
    kinds = _Judge(matcher)
    kinds.kinds.held = lambda entities: SHIP_SIDE        # the ship's own relations at both steps
    assert not kinds._hop_by_hop(question, hops, {}, topics=["ship"], chain=hops)      # "built" names built by
    assert kinds._hop_by_hop(question, hops, {}, topics=["ship"], chain=hops, unfit=frozenset({"built by"}))


def test_not_read_with_a_prior_for_one_hop_or_when_switched_off(matcher, harbour_ends):
    question, hops = "In which region is the home port of X?", ["home port", "in region"]
    assert not _Judge(matcher)._hop_by_hop(question, hops, {"prior": 0.1}, topics=["ship"], chain=hops)
    assert not _Judge(matcher)._hop_by_hop(question, hops[:1], {}, topics=["ship"], chain=hops[:1])
    assert not _Judge(matcher, nested_hops=False)._hop_by_hop(question, hops, {}, topics=["ship"], chain=hops)
    assert not _Judge(matcher)._hop_by_hop("In which region is X?", hops, {}, topics=["ship"], chain=hops)


class _Scores:
    """A matcher that scores relations from a table (margin 0.08, as the shipped matcher's)."""

    class options:
        margin = 0.08

    def __init__(self, table):
        self.table = table

    def rank(self, text, relations):
        return sorted(((r, self.table.get(r, 0.0)) for r in relations), key=lambda kv: -kv[1])


def test_the_first_hop_must_be_the_topics_best_while_the_second_may_be_near_the_best():
    close = _Scores({"captain": 0.25, "home port": 0.30})
    assert meant_in(close, "the port X left", "captain", SHIPS, 0.2) == 0.25              # near the best
    assert meant_in(close, "the port X left", "captain", SHIPS, 0.2, margin=0.0) is None  # not the best
    assert meant_in(close, "the port X left", "home port", SHIPS, 0.2, margin=0.0) == 0.30

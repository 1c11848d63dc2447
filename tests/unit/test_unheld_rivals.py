"""A relation the question names that neither the topic nor its kind holds is no missing fact, and a
chain of several hops the words name and the chain scorer ranks first is recognised on a small KG
(``unheld_rivals``, ``chain_named``; docs/abstention.md, "The topic's kind"). Real Oxigraph stores,
the real aligner and meaning model; the scorer's probabilities are given, as FRAG hands them over."""
from __future__ import annotations

import pytest

from kgsparql.meaning import RelationMatcher
from kgsparql.methods.abstention import AbstentionOptions, RelationMatch
from kgsparql.methods.kind_relations import KindRelations
from kgsparql.rank import build_ranker
from kgsparql.rank.alignment import AlignmentRanker

from kgtest import lines_adapter

ROWS = [
    "Microsoft|founded_by|Bill Gates", "Microsoft|founded_by|Paul Allen", "Microsoft|headquarters_city|Redmond",
    "Apple|founded_by|Steve Jobs", "Apple|headquarters_city|Cupertino", "Beats|parent_company|Apple",
    "Sony|headquarters_city|Tokyo", "Nintendo|headquarters_city|Kyoto", "Beats|headquarters_city|Culver City",
    "Tokyo|country|Japan", "Kyoto|country|Japan", "Redmond|country|United States",
    "Cupertino|country|United States", "Culver City|country|United States",
    "Bill Gates|born_in|Seattle", "Steve Jobs|born_in|San Francisco", "Paul Allen|born_in|Seattle",
    "Beloved|author|Toni Morrison", "Things Fall Apart|author|Chinua Achebe", "Ulysses|author|James Joyce",
    "Toni Morrison|influenced_by|William Faulkner", "James Joyce|influenced_by|Henrik Ibsen",
    "Chinua Achebe|born_in|Ogidi", "Toni Morrison|born_in|Lorain",
    "Silkwood|cast_member|Meryl Streep", "Silkwood|director|Mike Nichols", "Heartburn|cast_member|Meryl Streep",
    "Heartburn|director|Mike Nichols", "Yentl|cast_member|Barbra Streisand", "Yentl|director|Barbra Streisand",
]


@pytest.fixture(scope="module")
def adapter():
    return lines_adapter(ROWS)


@pytest.fixture(scope="module")
def matcher():
    return RelationMatcher(encoder=build_ranker("embedding"))


def _hop(adapter, name: str, label: str):
    """The topic named ``name`` and its relation ``label`` ("founded by (reverse)": read backwards)."""
    topic = next(e for e in adapter.lookup(name) if e.name == name)
    word, inverse = label.removesuffix(" (reverse)"), label.endswith(" (reverse)")
    relation = next(rc.relation for rc in adapter.relations([topic], "both")
                    if adapter.verbalize(rc.relation) == word and rc.relation.inverse == inverse)
    return topic, relation


def _match(adapter, matcher, **options):
    """As every method builds it (``methods/base.py``); the bar a lone one-hop meaning must clear among
    the KG's relations (``standing_min``, a trusted scorer lifts it) is off: no scorer is measured here."""
    vocabulary = lambda: [adapter.verbalize(r) for r in adapter.schema_relations()]
    aligner = AlignmentRanker()
    aligner.use_matcher(matcher)
    return RelationMatch(aligner, vocabulary, AbstentionOptions(**{"standing_min": 0.0, **options}),
                         matcher=matcher, kinds=KindRelations(adapter, widen=lambda: True))


def test_the_holders_of_the_first_hop_are_the_topics_kind(adapter):
    founder, founded = _hop(adapter, "Bill Gates", "founded by (reverse)")
    kinds = KindRelations(adapter)
    founders = kinds.peer_share([founder], founded, ["parent company", "born in"])
    assert founders == {"parent company": 0.0, "born in": 1.0}    # Paul Allen, Steve Jobs
    writer, wrote = _hop(adapter, "Chinua Achebe", "author (reverse)")
    assert kinds.peer_share([writer], wrote, ["influenced by"])["influenced by"] == 1.0


def test_a_kind_word_naming_a_relation_no_founder_holds_is_no_missing_fact(adapter, matcher):
    founder, founded = _hop(adapter, "Bill Gates", "founded by (reverse)")
    question = "which companies did X found"
    match = _match(adapter, matcher).assess(question, "founded by (reverse)", ["founded by"],
                                            topics=[founder], chain=[founded], trained=(0.99, 0.99))
    assert match.recognised and match.parts.get("unheld") == 1.0, match.parts
    off = _match(adapter, matcher, unheld_rivals=False).assess(
        question, "founded by (reverse)", ["founded by"], topics=[founder], chain=[founded],
        trained=(0.99, 0.99))
    assert not off.recognised and off.wanted == "parent company", off.parts


def test_a_relation_other_writers_hold_still_names_a_missing_fact(adapter, matcher):
    writer, wrote = _hop(adapter, "Chinua Achebe", "author (reverse)")
    relation_match = _match(adapter, matcher)
    match = relation_match.assess("who influenced X", "author (reverse)", ["author"],
                                  topics=[writer], chain=[wrote], trained=(1.0, 1.0))
    assert not match.recognised and match.wanted == "influenced by", match.parts
    assert "influenced by" in relation_match.reason(match, "Chinua Achebe")


def test_a_chain_the_words_name_and_the_scorer_ranks_first_is_recognised(adapter, matcher):
    country, hosts = _hop(adapter, "Japan", "country (reverse)")
    _, based = _hop(adapter, "Sony", "headquarters city")
    chain = [hosts, based.reversed()]
    texts = [adapter.verbalize(r) for r in chain]       # as FRAG hands them over, the chain in words beside
    question = "which companies are headquartered in X"
    relation_match = _match(adapter, matcher)
    words = "country (reverse) ; headquarters city (reverse)"
    first = relation_match.assess(question, words, texts, topics=[country], chain=chain,
                                  trained=(0.99, 0.99))
    assert "words and scorer" in first.recognised, first.parts
    second = relation_match.assess(question, words, texts, topics=[country], chain=chain,
                                   trained=(0.2, 0.7))      # the scorer wants another chain
    assert "words and scorer" not in second.recognised, second.parts


def test_a_chain_that_walks_past_a_relation_asked_of_the_topic_is_a_detour(adapter, matcher):
    """"Which films did Meryl Streep direct?": other actors direct (Barbra Streisand), she does not; the
    chain through her films to their directors answers another question."""
    actor, acted = _hop(adapter, "Meryl Streep", "cast member (reverse)")
    _, directed = _hop(adapter, "Silkwood", "director")
    chain = [acted, directed]
    texts = [adapter.verbalize(r) for r in chain]
    match = _match(adapter, matcher).assess("which films did X direct", "cast member (reverse) ; director", texts,
                                            topics=[actor], chain=chain, trained=(0.9, 0.9))
    assert not match.recognised and match.parts.get("detour") == 1.0, match.parts

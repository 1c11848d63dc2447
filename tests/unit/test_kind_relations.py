"""KindRelations on a real (in-memory) Oxigraph store: a relation is usual for the topic's kind when
the entities that share the topic's first hop hold it. Abstention counts a relation the question
names against the chain only then (docs/abstention.md)."""
from __future__ import annotations

from kgsparql.methods.kind_relations import KindRelations
from kgsparql.types import Entity

from kgtest import lines_adapter

ROWS = [
    "Kismet|release_year|1944", "Laura|release_year|1944", "Gaslight|release_year|1944",
    "Laura|has_genre|Mystery", "Gaslight|has_genre|Thriller",
    "Donna Noble|character_of|Doctor Who", "Rose Tyler|character_of|Doctor Who",
    "Team A|player|Pele", "Team B|player|Garrincha",
]


def _kind(adapter, name: str, relation_label: str):
    topic = next(e for e in adapter.lookup(name) if e.name == name)
    first = next(rc.relation for rc in adapter.relations([topic], "out")
                 if adapter.verbalize(rc.relation) == relation_label)
    return topic, first


def test_a_film_without_a_genre_belongs_to_a_kind_that_has_one():
    adapter = lines_adapter(ROWS)
    topic, first = _kind(adapter, "Kismet", "release year")
    shares = KindRelations(adapter).share([topic], first, ["has genre", "player"])
    assert shares["has genre"] == 1.0 and shares["player"] == 0.0


def test_a_character_kind_holds_no_sports_relation():
    adapter = lines_adapter(ROWS)
    topic, first = _kind(adapter, "Donna Noble", "character of")
    shares = KindRelations(adapter).share([topic], first, ["player", "character of"])
    assert shares == {"player": 0.0, "character of": 1.0}


def test_no_kind_mates_means_no_share():
    adapter = lines_adapter(ROWS)
    topic, first = _kind(adapter, "Team A", "player")
    assert KindRelations(adapter).share([topic], first, ["player"]) == {"player": 0.0}
    assert isinstance(topic, Entity)


SMALL = [
    "Alpha Corp|founding_year|1972", "Alpha Corp|listed_on|Frankfurt Exchange",
    "Beta Works|founding_year|1937", "Beta Works|listed_on|Frankfurt Exchange", "Beta Works|ceo|Ann Lee",
    "Gamma Ltd|founding_year|1990", "Gamma Ltd|ceo|Bo Chan",
]


def test_a_unique_first_hop_value_reads_the_kind_from_the_topics_other_facts():
    adapter = lines_adapter(SMALL)
    topic, first = _kind(adapter, "Alpha Corp", "founding year")   # no other company of 1972
    shares = KindRelations(adapter, widen=lambda: True).share([topic], first, ["ceo", "listed on"])
    assert shares == {"ceo": 1.0, "listed on": 1.0}     # Beta Works shares the exchange and has a CEO
    assert KindRelations(adapter).share([topic], first, ["ceo"]) == {"ceo": 0.0}   # not widened: no mates

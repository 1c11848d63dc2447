"""OutsideRelations with MiniLM and the shipped general vocabulary: a question that asks for a
relation the KG lacks ("who produced x" on a KG of directors, writers and actors) is told from one
that asks for a relation the KG holds under its own words, and the chain's answers decide when the
KG's relation may mean the asked one under another name."""
from __future__ import annotations

import pytest

from kgsparql.meaning import RelationMatcher
from kgsparql.methods.abstention import AbstentionOptions
from kgsparql.methods.outside_relations import OutsideRelations, general_relations
from kgsparql.rank import build_ranker

FILMS = {name: (name,) for name in ("directed by", "written by", "starred actors", "release year",
                                     "has genre", "in language")}
PLAYERS = {name: (name,) for name in ("plays for country", "plays in club", "plays position",
                                       "wears number", "is aged", "is in country")}


@pytest.fixture(scope="module")
def matcher():
    return RelationMatcher(encoder=build_ranker("embedding"))


def outside(matcher, kg):
    return OutsideRelations(matcher, lambda: kg, AbstentionOptions())


def test_the_general_vocabulary_ships_with_the_package():
    names = general_relations()
    assert len(names) > 300 and "producer" in names and all(n == n.strip().lower() for n in names)


def test_a_relation_the_kg_words_its_own_way_is_not_lacking(matcher):
    lacking = set(outside(matcher, FILMS).lacking())
    assert {"director", "writer", "starring", "languages"}.isdisjoint(lacking)
    assert {"producer", "editing", "composer", "cinematography"} <= lacking


@pytest.mark.parametrize("question, hop, asked", [
    ("who produced x", "directed by", "producer"),
    ("who edited x", "directed by", "editing"),
    ("who composed the music for x", "written by", "composer"),
    ("who directed x", "directed by", None),
    ("who wrote x", "written by", None),
    ("what language is x in", "in language", None),
])
def test_the_question_asks_for_a_relation_the_kg_lacks(matcher, question, hop, asked):
    parts: dict = {}
    assert outside(matcher, FILMS).asked(question, {hop: (hop,)}, parts) == asked
    assert parts["outside"] >= 0 and parts["outside_hop"] >= 0


def test_answers_that_are_what_the_asked_relation_gives_keep_the_chain(matcher):
    players = outside(matcher, PLAYERS)
    assert players.asked("who coaches the x team", {"plays for country inverse": ("plays for country inverse",)})
    assert not players.fits("coach", ["Jasmin_FEJZIC", "Johan_DJOUROU"])
    assert players.fits("college", ["oriel_college"])


def test_a_kind_of_frame_names_no_relation(matcher):
    assert outside(matcher, FILMS).asked("what type of movie is x", {"has genre": ("has genre",)}) is None


def test_a_kg_with_more_relations_than_the_limit_is_not_compared(matcher):
    big = {f"relation {i}": (f"relation {i}",) for i in range(AbstentionOptions().outside_max_relations + 1)}
    assert outside(matcher, {**FILMS, **big}).lacking() == []

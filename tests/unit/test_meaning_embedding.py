"""RelationMatcher with MiniLM: matching by meaning, on two vocabularies for the same facts."""
from __future__ import annotations

import pytest

from kgsparql.meaning import RelationMatcher
from kgsparql.rank import build_ranker

WIKIDATA = {"director": ["director", "directed by", "film director"],
            "screenwriter": ["screenwriter", "writer", "scriptwriter", "written by"],
            "cast member": ["cast member", "starring", "actor", "actress", "cast"],
            "publication date": ["publication date", "release date", "released"],
            "genre": ["genre", "film genre"],
            "original language": ["original language of film or TV show", "original language"]}
GENERIC = {name: [name] for name in ("directed by", "written by", "starred actors", "release year",
                                     "has genre", "in language")}


@pytest.fixture(scope="module")
def matcher():
    return RelationMatcher(encoder=build_ranker("embedding"))


@pytest.mark.parametrize("question, wikidata, generic", [
    ("who acted in x", "cast member", "starred actors"),
    ("which films did x direct", "director", "directed by"),
    ("what did x write", "screenwriter", "written by"),
    ("when was x released", "publication date", "release year"),
    ("what kind of film is x", "genre", None),     # "has genre" loses to "directed by" (docs/meaning.md)
    ("what language is x in", "original language", "in language"),
])
def test_the_meant_relation_comes_first_in_either_vocabulary(matcher, question, wikidata, generic):
    assert matcher.rank(question, WIKIDATA)[0][0] == wikidata
    if generic:
        assert matcher.rank(question, GENERIC)[0][0] == generic


def test_recognises_only_relations_near_the_best(matcher):
    ranked = dict(matcher.rank("what genre is x", WIKIDATA))
    best = max(ranked.values())
    assert matcher.recognises(ranked["genre"], best)
    assert not matcher.recognises(ranked["publication date"], best)

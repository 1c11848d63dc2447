"""kgsparql.meaning: relation ids in words, matching by meaning, the shape of a question."""
from __future__ import annotations

import pytest

from kgsparql.errors import ConfigError
from kgsparql.meaning import (MatcherOptions, RelationMatcher, question_shape, relation_texts, show_date,
                              verbalise)

FB = "http://rdf.freebase.com/ns/"
WDT, P, PS, PQ = ("http://www.wikidata.org/prop/direct/", "http://www.wikidata.org/prop/",
                  "http://www.wikidata.org/prop/statement/", "http://www.wikidata.org/prop/qualifier/")


@pytest.mark.parametrize("iri, words", [
    (FB + "film.film.directed_by", "directed by"),
    (FB + "people.person.place_of_birth", "place of birth"),
    (FB + "film.actor.film", "actor film"),
    (FB + "people.person.nationality", "person nationality"),
    (FB + "location.location.containedby", "location containedby"),
    ("http://dbpedia.org/ontology/birthPlace", "birth place"),
    ("http://example.org/r/starred_actors", "starred actors"),
    ("http://example.org/vocab#HTMLParser", "html parser"),
    ("https://kgsparql.example/r/founded%20by", "founded by"),   # a TSV relation with spaces
])
def test_verbalise_reads_the_id(iri, words):
    assert verbalise(iri) == words



def test_verbalise_wikidata_uses_the_kgs_labels():
    labels = {"P57": "director", "P580": "start time", "P39": "position held"}
    assert verbalise(WDT + "P57", labels) == "director"
    assert verbalise(P + "P57", labels, via=PS + "P57") == "director"   # statement value: one name
    assert verbalise(P + "P39", labels, via=PQ + "P580") == "position held → start time"
    assert verbalise(WDT + "P999", labels) == "P999"                      # no label: the id


def test_freebase_cvt_legs_are_joined():
    text = verbalise(FB + "people.person.education", via=FB + "education.education.institution")
    assert text == "person education → education institution"


def test_relation_texts_add_the_kgs_aliases():
    texts = relation_texts(WDT + "P161", {"P161": "cast member"}, {"P161": ["actor", "starring"]})
    assert texts == ["cast member", "actor", "starring"]


@pytest.mark.parametrize("question, answer, precision", [
    ("When was Casablanca released?", "date", "year"),
    ("What year did Jaws come out?", "date", "year"),
    ("On what date was Jaws released?", "date", "day"),
    ("How many films did Ang Lee direct?", "count", None),
    ("Where was Obama born?", "place", None),
    ("Who directed Kismet?", "person", None),
    ("What genre is Kismet?", "thing", None),
    ("What is the release date of Jaws?", "date", "day"),
    ("Which day did the war end?", "date", "day"),
    ("What team with an organization founding date of 1919 won the cup?", "thing", None),
    ("Which film has a release date after 1990?", "thing", None),
])
def test_question_shape(question, answer, precision):
    shape = question_shape(question)
    assert (shape.answer, shape.date_precision) == (answer, precision)


def test_show_date_at_the_precision_asked():
    assert show_date("1944-01-01T00:00:00Z", "year") == "1944"
    assert show_date("1944-03-07T00:00:00Z", "day") == "1944-03-07"
    assert show_date("1944-03-07T00:00:00Z", None) == "1944-03-07"
    assert show_date("Casablanca", "year") == "Casablanca"


def test_matcher_without_an_encoder_falls_back_to_words():
    matcher = RelationMatcher()
    ranked = matcher.rank("what genre is x", {"g": ["genre"], "d": ["director", "directed by"]})
    assert ranked[0][0] == "g" and ranked[0][1] > ranked[1][1]


def test_matcher_options_are_checked():
    with pytest.raises(ConfigError):
        MatcherOptions(margin=2.0)


def test_the_word_for_the_other_direction_is_not_part_of_the_relation():
    from kgsparql.meaning import without_direction

    assert without_direction("plays in club inverse") == "plays in club"
    assert without_direction("inverse of parent") == "parent"
    assert without_direction("directed by (reverse)") == "directed by"
    assert without_direction("universe") == "universe"

"""EntityLinker on a small MetaQA-like store: brackets, free text, longest mention, case, type fit,
several scored candidates, the lookup fallback for KGs without a label index."""
from __future__ import annotations

import pytest

from kgsparql import stats
from kgsparql.kg import KnowledgeGraph
from kgsparql.linking import EntityLinker, LinkResult
from kgtest import lines_kg

BASE = "https://kgsparql.example/"
ROWS = """Kismet|directed_by|William Dieterle
Kismet|release_year|1944
Knocked Up|directed_by|Judd Apatow
Knocked Up|written_by|Judd Apatow
Knocked Up|starred_actors|Seth Rogen
Knocked Up|has_tags|judd apatow
Superbad|has_tags|judd apatow
Up|directed_by|Pete Docter
Up|release_year|2009
Moulin Rouge!|directed_by|Baz Luhrmann
Moulin Rouge|directed_by|John Huston
Hell|directed_by|Tim Fehlbaum
In Hell|starred_actors|Jean-Claude Van Damme
Martha|directed_by|Rainer Werner Fassbinder
Pecker|starred_actors|Martha Plimpton
12|directed_by|Nikita Mikhalkov
The Player|has_tags|actors
The Searchers|directed_by|John Ford
Directed by John Ford|directed_by|Peter Bogdanovich
Ocean's Eleven|directed_by|Steven Soderbergh
"""


def make_kg(tmp_path, **linking) -> KnowledgeGraph:
    return lines_kg(tmp_path, ROWS, BASE, **linking)


@pytest.fixture(scope="module")
def linker(tmp_path_factory) -> EntityLinker:
    return EntityLinker(make_kg(tmp_path_factory.mktemp("home")))


def top(linker: EntityLinker, question: str) -> str | None:
    entity = linker.link(question).top
    return entity.label if entity else None


def test_brackets_are_the_mention(linker):
    result = linker.link("who directed [Up]")
    assert result.bracketed and result.question_text == "who directed Up"
    (mention,) = result.mentions
    assert (mention.text, mention.start, mention.end) == ("Up", 13, 15)
    assert result.top.label == "Up"
    assert top(linker, "which movies are about [judd apatow]") == "judd apatow"
    assert top(linker, "which movies did [Judd Apatow] direct") == "Judd Apatow"


def test_bracketed_name_without_entity_is_still_the_mention(linker):
    result = linker.link("who directed [Zzyzx Road]")
    assert [m.text for m in result.mentions] == ["Zzyzx Road"]
    assert result.mentions[0].candidates == [] and result.top is None


def test_free_text_finds_the_entity(linker):
    assert top(linker, "who directed Kismet") == "Kismet"
    assert top(linker, "which movies did Judd Apatow write") == "Judd Apatow"
    assert top(linker, "what movies are about judd apatow") == "judd apatow"
    assert linker.link("who directed Kismet").bracketed is False


def test_longest_mention_wins(linker):
    assert top(linker, "what films did Martha Plimpton star in") == "Martha Plimpton"
    assert top(linker, "the director of Moulin Rouge! also directed which films") == "Moulin Rouge!"
    assert top(linker, "what films were directed by John Ford") == "John Ford"


def test_exact_case_wins(linker):
    assert top(linker, "who starred in Hell") == "Hell", "'in Hell' matches 'In Hell' only without case"
    assert top(linker, "who are the actors in 12") == "12", "a number beats a lower-case tag"


def test_type_fit_decides_in_a_lower_case_question(linker):
    assert top(linker, "films directed by judd apatow") == "Judd Apatow"


def test_several_candidates_with_scores(linker):
    result = linker.link("who directed Moulin Rouge!")
    first = result.mentions[0]
    labels = [c.entity.label for c in first.candidates]
    assert labels[:2] == ["Moulin Rouge!", "Moulin Rouge"]
    scores = [c.score for c in first.candidates]
    assert scores == sorted(scores, reverse=True) and all(0 < s <= 1 for s in scores)
    assert first.text == result.question_text[first.start:first.end] == "Moulin Rouge!"


def test_fuzzy_fallback_for_unmatched_names(linker):
    result = linker.link("who directed oceans eleven")
    assert "Ocean's Eleven" in [c.entity.label for m in result.mentions for c in m.candidates]


def test_no_mention_and_helpers(linker):
    assert linker.link("what is this about").mentions == []
    result = linker.link("who directed Kismet")
    assert isinstance(result, LinkResult) and [e.label for e in result.entities()] == ["Kismet"]
    data = result.to_json()
    mention = data["mentions"][0]
    assert mention["text"] == "Kismet" and mention["candidates"][0]["label"] == "Kismet"


def test_lookup_fallback_without_an_index(tmp_path):
    linker = EntityLinker(make_kg(tmp_path, label_index="off", lookup_ngrams=12))
    assert linker.index is None
    with stats.collect() as st:
        result = linker.link("which movies did Judd Apatow direct")
    assert result.top.label == "Judd Apatow"
    assert st.sparql_queries <= 12 // 10 + 1 + 1, "batched lookups plus one relations query"
    assert linker.link("who directed [Kismet]").top.label == "Kismet"


def test_a_name_written_without_its_punctuation_beats_a_shorter_exact_name(tmp_path):
    rows = ROWS + ("Trinity College, Cambridge|parent_institution|University of Cambridge\n"
                   "Cambridge|contained_by|England\nWashington, D.C.|contained_by|United States\n"
                   "Washington|contained_by|United States\n")
    linker = EntityLinker(lines_kg(tmp_path, rows, BASE))
    assert top(linker, "what university is trinity college cambridge part of") == "Trinity College, Cambridge"
    assert top(linker, "what is washington d.c. contained by") == "Washington, D.C."
    assert top(linker, "what is washington contained by") == "Washington"
    assert top(linker, "who starred in Hell") == "Hell"

"""answer_chain: KG-RAG's LLM-free decomposition follows the answerer's whole chain, also when a
planner lists each sub-question's paths apart (topic -> bridge, then bridge -> answers)."""
from __future__ import annotations

from kgsparql.methods.kgrag.method import answer_chain
from kgsparql.types import Entity, Path, Relation, Triple

WRITER, DIRECTOR = Relation("http://x/screenwriter"), Relation("http://x/director")
WROTE = WRITER.reversed()


def e(name: str) -> Entity:
    return Entity.iri(f"http://x/{name.replace(' ', '_')}", name)


CHINATOWN, TOWNE, SHAMPOO, ASHBY, POLANSKI = (e(n) for n in ("Chinatown", "Robert Towne", "Shampoo", "Hal Ashby",
                                                             "Roman Polanski"))


def test_a_planners_sub_question_paths_are_joined():
    paths = [Path((Triple(CHINATOWN, WRITER, TOWNE),)),
             Path((Triple(CHINATOWN, DIRECTOR, POLANSKI),)),
             Path((Triple(TOWNE, WROTE, SHAMPOO), Triple(SHAMPOO, DIRECTOR, ASHBY)))]
    assert answer_chain(paths, {"Hal Ashby", "Roman Polanski"}, [CHINATOWN]) == (WRITER, WROTE, DIRECTOR)


def test_a_whole_path_to_an_answer_is_the_chain():
    paths = [Path((Triple(CHINATOWN, WRITER, TOWNE),)),
             Path((Triple(CHINATOWN, WRITER, TOWNE), Triple(TOWNE, WROTE, SHAMPOO)))]
    assert answer_chain(paths, {"Shampoo"}, [CHINATOWN]) == (WRITER, WROTE)
    assert answer_chain(paths[:1], {"Robert Towne"}, [CHINATOWN]) == (WRITER,)
    assert answer_chain([], {"x"}, [CHINATOWN]) == ()

"""Names and nouns of a claim that are not things the KG lacks: a capitalised name that is the value
of a linked entity's fact ("the Governator" as a *leader title*), and a noun set before a name with a
determiner ("the film English Without Tears"), which says what the thing is, not a relation."""
from __future__ import annotations

from kgsparql.types import Entity, Relation, Triple
from kgsparql.verify.linked import Mentioned
from kgsparql.verify.relation_words import RelationWord, is_type_noun
from kgsparql.verify.values import names_not_held

AYALA = Entity.iri("http://dbpedia.org/resource/Ciudad_Ayala", "Ciudad Ayala")


def _fact(relation: str, value: str) -> Triple:
    return Triple(AYALA, Relation(f"http://dbpedia.org/ontology/{relation}", relation), Entity.iri(f"v:{value}", value))


def test_a_name_held_as_a_value_is_not_a_missing_thing():
    facts = [_fact("leaderTitle", "Governator"), _fact("foundedBy", "John Reith, 1st Baron Reith")]
    assert names_not_held(["Governator", "Baron", "Peter Pan"], facts) == ["Peter Pan"]
    assert names_not_held(["Baron John"], facts) == ["Baron John"]      # words in the value's order only


def test_a_noun_before_a_name_says_what_it_is():
    claim = "Harold French did not direct the film English Without Tears."
    film = claim.index("English")
    mentioned = [Mentioned(AYALA, 0, 13, "Harold French"), Mentioned(AYALA, film, film + 20, "English Without Tears")]
    noun = RelationWord("film", claim.index("film"), frozenset({"cinematography"}), 0.7)
    verb = RelationWord("direct", claim.index("direct"), frozenset({"director"}))
    assert is_type_noun(claim, noun, mentioned)
    assert not is_type_noun(claim, verb, mentioned)
    led = "Italy, whose leader Matteo Renzi is."           # no determiner: a relation word stays one
    assert not is_type_noun(led, RelationWord("leader", led.index("leader"), frozenset({"leader"})),
                            [Mentioned(AYALA, led.index("Matteo"), len(led) - 4, "Matteo Renzi")])


def test_a_function_word_opening_a_sentence_is_no_entity():
    from types import SimpleNamespace
    from kgsparql.verify.linked import claim_entities

    def mention(text, start, label):
        return SimpleNamespace(text=text, start=start, end=start + len(text), score=0.5,
                               best=SimpleNamespace(entity=Entity.iri(f"e:{label}", label)))
    link = SimpleNamespace(mentions=[mention("Someone", 0, "Someone Marry Barry"), mention("Knight and Day", 18, "Knight and Day")])
    assert [m.text for m in claim_entities(link)] == ["Knight and Day"]


def test_a_common_word_read_as_a_longer_name_is_no_entity():
    from types import SimpleNamespace
    from kgsparql.verify.linked import claim_entities

    def mention(text, start, label):
        return SimpleNamespace(text=text, start=start, end=start + len(text), score=0.5,
                               best=SimpleNamespace(entity=Entity.iri(f"e:{label}", label)))
    link = SimpleNamespace(mentions=[mention("Well", 0, "Well-Tempered Clavicle"), mention("Israel", 10, "Israel"),
                                     mention("Tupac", 20, "Tupac Shakur")])
    common = frozenset({"well", "israel"})
    assert [m.text for m in claim_entities(link, common=common)] == ["Israel", "Tupac"]

"""Names and nouns of a claim that are not things the KG lacks: a capitalised name that is the value
of a linked entity's fact ("the Governator" as a *leader title*), and a noun set before a name with a
determiner ("the film English Without Tears"), which says what the thing is, not a relation."""
from __future__ import annotations

from kgsparql.linking.result import Candidate, LinkResult, Mention
from kgsparql.types import Entity, Relation, Triple
from kgsparql.verify.linked import Mentioned, claim_entities
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


def _link(text: str, *mentions: tuple[str, list[tuple[str, float]]]) -> LinkResult:
    """A LinkResult over ``text``: each mention by its words and its candidates (label, score), best first."""
    return LinkResult(text, [Mention(words, text.index(words), text.index(words) + len(words),
                                     [Candidate(Entity.iri(f"e:{label}", label), score) for label, score in candidates])
                             for words, candidates in mentions])


def test_a_function_word_opening_a_sentence_is_no_entity():
    link = _link("Someone starred in Knight and Day", ("Someone", [("Someone Marry Barry", 0.5)]),
                 ("Knight and Day", [("Knight and Day", 0.5)]))
    assert [m.text for m in claim_entities(link)] == ["Knight and Day"]


def test_a_common_word_read_as_a_longer_name_is_no_entity():
    link = _link("Well, Israel and Tupac", ("Well", [("Well-Tempered Clavicle", 0.5)]), ("Israel", [("Israel", 0.5)]),
                 ("Tupac", [("Tupac Shakur", 0.5)]))
    common = frozenset({"well", "israel"})
    assert [m.text for m in claim_entities(link, common=common)] == ["Israel", "Tupac"]


def test_a_name_written_in_full_around_the_mention_wins():
    text = "His name is Ahmad Kadhim Assad who plays for PAS Tehran FC."
    link = _link(text, ("Ahmad Kadhim Assad", [("Ahmad Kadhim Assad", 0.86)]),
                 ("Tehran", [("Tehran", 0.82), ("PAS Tehran F.C.", 0.70), ("Tehran Province", 0.6)]))
    found = claim_entities(link)
    assert [(m.entity.name, m.text) for m in found] == [("Ahmad Kadhim Assad", "Ahmad Kadhim Assad"),
                                                         ("PAS Tehran F.C.", "PAS Tehran FC")]
    manager = "One of the leaders of Ciudad Ayala is the City Manager."
    link = _link(manager, ("Ciudad Ayala", [("Ciudad Ayala", 0.9)]), ("City", [("City", 0.77), ("City manager", 0.55)]),
                 ("Manager", [("Manager", 0.77)]))
    assert [m.entity.name for m in claim_entities(link)] == ["Ciudad Ayala", "City manager"]
    assert [m.entity.name for m in claim_entities(_link("Tehran is big", ("Tehran", [("Tehran", 0.8), ("PAS Tehran F.C.", 0.7)])))] \
        == ["Tehran"]


def test_a_part_of_several_names_alike_is_no_entity():
    text = "Well, the UTC offset for Ciudad Ayala is -6."
    link = _link(text, ("Ciudad Ayala", [("Ciudad Ayala", 0.8)]), ("UTC", [("UTC+02:00", 0.6), ("UTC+04:30", 0.6)]))
    assert [m.entity.name for m in claim_entities(link)] == ["Ciudad Ayala"]
    link = _link("Paris is big", ("Paris", [("Paris", 0.6), ("Paris (Texas)", 0.6)]))
    assert [m.entity.name for m in claim_entities(link)] == ["Paris"]

"""``without_own_topic``: answers the question names are dropped, but not words of the topic's own mention."""
from kgsparql.methods.own_topic import named_in, without_own_topic
from kgsparql.types import Answer, Entity


def _answer(question: str, answers: tuple[str, ...], topic: str) -> Answer:
    return Answer(question, answers, entities=(Entity.iri("http://example.org/t", topic),))


def test_a_word_inside_the_topic_mention_is_not_the_question_naming_an_answer():
    answer = _answer("what is the genre of the movie The Adventures of Hajji Baba", ("Adventure",),
                     "The Adventures of Hajji Baba")
    kept = without_own_topic(answer, "forward")
    assert kept.answers == ("Adventure",) and kept.abstained is None


def test_an_entity_named_outside_the_topic_mention_is_still_dropped():
    answer = _answer("what does jamaican people speak", ("Jamaica", "Jamaican English"), "Jamaican English")
    kept = without_own_topic(answer, "forward")
    assert kept.answers == () and kept.abstained
    assert kept.plan["dropped_own_topic"] == ["Jamaica", "Jamaican English"]


def test_named_in_skips_the_topic_runs_only():
    question = "which adventure films share a cast with The Adventures of Hajji Baba"
    assert named_in("Adventure", question, ("The Adventures of Hajji Baba",))
    assert not named_in("Adventure", "genre of The Adventures of Hajji Baba", ("The Adventures of Hajji Baba",))

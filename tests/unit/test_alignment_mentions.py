"""How the alignment ranker reads a question's hop count when a KG names a relation many ways
(Wikidata's aliases), asks for entities like the topic, or names no relation word for word."""
import pytest

from kgsparql.meaning import RelationMatcher
from kgsparql.rank.alignment import AlignmentRanker
from kgsparql.rank.word_evidence import heads, quotes
from kgsparql.rank.mentions import answer_type_word, asks_for_like, like_through_phrase, one_mention_each

# a Wikidata-shaped vocabulary: labels and some of their real aliases
NAMES = {"screenwriter": ("writer", "screenplay by", "written by"), "director": ("directed by", "film director"),
         "cast member": ("actor", "starring", "cast"), "genre": ("film genre", "type of film"),
         "publication date": ("release date",), "instance of": ()}


@pytest.fixture(scope="module")
def ranker():
    r = AlignmentRanker()
    r.learn_names(NAMES)
    r.use_matcher(RelationMatcher(encoder=r.encoder))
    return r


def _best(ranker, question, items):
    scores = ranker.rank(question, items)
    return items[max(range(len(items)), key=lambda i: (scores[i], -items[i].count(";")))]


def test_the_answer_type_word_and_the_word_beside_a_name_are_one_mention():
    ev = {"wrote": {"screenwriter": 0.7}, "screenplay": {"screenwriter": 1.0}}
    assert list(one_mention_each("Who wrote the screenplay for x?", ev)) == ["wrote"]
    ev = {"written": {"screenwriter": 1.0}, "writers": {"screenwriter": 1.0}}
    assert list(one_mention_each("x was written by which writers?", ev)) == ["written"]
    assert answer_type_word("What other films did x make?") == "films"


def test_a_word_describing_a_noun_opens_another_mention():
    ev = {"written": {"screenwriter": 1.0}, "writer": {"screenwriter": 1.0}}
    assert set(one_mention_each("Who directed the films written by the writer of x?", ev)) == {"written", "writer"}


@pytest.mark.parametrize("question, items, expected", [
    ("Who wrote the screenplay for x?", ["screenwriter", "screenwriter ; screenwriter (reverse)"], "screenwriter"),
    ("Which screenplays did x write?", ["screenwriter (reverse)", "screenwriter (reverse) ; screenwriter"],
     "screenwriter (reverse)"),
    ("Who directed the films written by the writer of x?",
     ["screenwriter ; director", "screenwriter ; screenwriter (reverse) ; director"],
     "screenwriter ; screenwriter (reverse) ; director"),
    ("What other films were written by the writer of x?",
     ["screenwriter", "screenwriter ; screenwriter (reverse)", "screenwriter ; genre"],
     "screenwriter ; screenwriter (reverse)"),
    ("Who has acted alongside x?", ["cast member (reverse)", "cast member (reverse) ; cast member"],
     "cast member (reverse) ; cast member"),
    ("What kind of film is x?", ["genre", "instance of", "director", "cast member"], "genre"),
])
def test_paths_are_ranked_by_the_mentions_of_their_relations(ranker, question, items, expected):
    assert _best(ranker, question, items) == expected


def test_a_question_that_names_nothing_clearly_aligns_with_nothing(ranker):
    assert ranker.rank("Who made x?", ["genre", "director", "cast member", "screenwriter"]) == [0.0] * 4
    assert asks_for_like("Who are the co-stars of x?") and not asks_for_like("Who directed x?")


@pytest.mark.parametrize("question, items, expected", [
    ("Who wrote the movies x acted in?", ["screenwriter (reverse) ; cast member", "cast member (reverse) ; screenwriter"],
     "cast member (reverse) ; screenwriter"),
    ("Which directors has x worked with?", ["director (reverse)", "cast member (reverse) ; director"],
     "cast member (reverse) ; director"),
    ("Which screenplays did x write?", ["screenwriter (reverse)", "screenwriter (reverse) ; screenwriter"],
     "screenwriter (reverse)"),
    ("When did the films written by x come out?", ["screenwriter (reverse)", "screenwriter (reverse) ; publication date"],
     "screenwriter (reverse) ; publication date"),
])
def test_hop_order_direction_and_a_date_asked_for_come_from_the_question(ranker, question, items, expected):
    assert _best(ranker, question, items) == expected


def test_refkg_judges_chains_on_the_same_reading(ranker):
    from kgsparql.methods.refkg.judge import ChainJudge
    from kgsparql.rank import build_ranker
    from kgsparql.types import Relation

    rel = {label: Relation(f"http://example.org/{label.replace(' ', '_')}", label) for label in NAMES}
    judge = ChainJudge(ranker, build_ranker("embedding"), lambda: list(NAMES), lambda r: r.label)
    q = judge.for_question("Which directors has x worked with?")
    alone, through = (rel["director"].reversed(),), (rel["cast member"].reversed(), rel["director"])
    assert q.alignment(through)[0] > q.alignment(alone)[0]
    q = judge.for_question("Who wrote the screenplay for x?")
    assert q.alignment((rel["screenwriter"],))[0] > q.alignment((rel["screenwriter"], rel["screenwriter"].reversed()))[0]


def test_entities_like_a_topic_named_in_a_phrase_are_reached_out_and_back():
    assert like_through_phrase("what else did the writer of x write?")
    assert like_through_phrase("which films share actors with x?") and like_through_phrase("who acted alongside x?")
    assert not like_through_phrase("what other films did x direct?")      # the topic is the subject
    assert not like_through_phrase("who was the writer of x?")            # nothing asks for its like


def test_a_possessive_topic_and_a_peer_word_ask_for_entities_like_it():
    assert like_through_phrase("what films did x's director also make?")   # "X's director": out and back
    assert not like_through_phrase("what films did x's director make?")    # nothing asks for its like
    assert asks_for_like("who are x's teammates at his club?") and asks_for_like("name x's classmates")
    assert not asks_for_like("which team does x play for?")


def test_a_kind_after_which_is_typed_when_a_verb_comes_before_it():
    from kgsparql.rank.base import type_words
    assert "films" in type_words("x wrote which films") and "movies" in type_words("x appeared in which movies?")
    assert type_words("the films that x directed") == {"films"}


def test_a_domain_word_of_the_whole_vocabulary_names_no_relation_among_fewer_candidates():
    r = AlignmentRanker()
    r.learn_names({"director": ("director", "film director"), "genre": ("genre", "film genre"),
                   "cast member": ("cast member", "starring")})
    evidence = r.evidence("who starred in the films x directed", ["director", "cast member"])
    assert "films" not in evidence and evidence["directed"] == {"director": 1.0}
    assert r.evidence("which genres is x", ["genre", "director"])["genres"] == {"genre": 1.0}   # heads it


def test_a_stem_inside_a_word_names_a_label_only_as_a_whole_part_of_a_compound():
    ranker = AlignmentRanker()
    if not ranker.encoder.words():
        pytest.skip("needs the MiniLM vocabulary")
    assert ranker.evidence("Who was the screenwriters' film?", ["written by", "directed by"]).get("screenwriters")
    # "iden" lies inside "president" after the fragment "pres": no part of *iata location identifier*
    found = ranker.evidence("He was a president", ["iata location identifier", "vice president", "spouse"])
    assert "iata location identifier" not in found.get("president", {})
    assert "vice president" in found.get("president", {})


def test_a_word_that_heads_one_relations_name_does_not_name_those_it_only_modifies():
    r = AlignmentRanker()
    r.learn_names({"performer": ("performer", "recorded by"), "producer": ("producer", "record producer"),
                   "member of sports team": ("member of sports team", "plays for")})
    labels = ["performer", "producer", "record label", "member of sports team", "position played on team"]
    assert r.evidence("who recorded x", labels)["recorded"] == {"performer": 1.0}
    assert r.evidence("which club does x play for", labels)["play"] == {"member of sports team": 1.0}
    r.learn_names({"operator": ("operator", "run by")})     # a verb phrase is headed by its verb
    assert set(r.evidence("which trains run on x", ["operator", "runs on line"])["run"]) == {"operator", "runs on line"}
    assert set(r.evidence("who founded x", ["founded by", "founding year"])["founded"]) == {"founded by"}
    # a question asking when asks for the date the word only modifies
    assert set(r.evidence("when was x founded", ["founded by", "founding year"])["founded"]) == {"founded by", "founding year"}
    assert heads("director", "director (reverse)") and heads("work", "field of work") is False
    # a name the word opens word for word stays ("the star of the x premiere": premiere cast)
    assert set(r.evidence("the star of the x premiere", ["premiered at", "premiere cast"])["premiere"]) == {
        "premiered at", "premiere cast"}
    assert quotes("premiere", "premiere cast") and not quotes("recorded", "record label") and not quotes("work", "field of work") and heads("runs", "runs on line") and heads("plays", "plays for")

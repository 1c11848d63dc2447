"""ConstraintCheck on a real (in-memory) Oxigraph store: a chain's answers are narrowed to those whose
own facts name something else the question names (an entity, or a year), and left alone otherwise."""
from __future__ import annotations

from kgsparql.methods.kelgop.named_constraints import ConstraintCheck

from kgtest import lines_adapter

ROWS = [
    "Zookeeper|starred_actors|Adam Sandler", "Click|starred_actors|Adam Sandler",
    "Grown Ups|starred_actors|Adam Sandler", "Zookeeper|directed_by|Frank Coraci",
    "Click|directed_by|Frank Coraci", "Grown Ups|directed_by|Dennis Dugan",
    "Zookeeper|release_year|2011", "Click|release_year|2006", "Grown Ups|release_year|2010",
    "Zookeeper|has_genre|Comedy", "Click|has_genre|Comedy", "Grown Ups|has_genre|Comedy",
]


def _films(adapter, question: str, topic_name: str, others=()):
    topic = next(e for e in adapter.lookup(topic_name) if e.name == topic_name)
    films = [t.tail for t in adapter.neighbors([topic], None, "in")]
    start = question.index(topic_name)
    check = ConstraintCheck(adapter, frozenset({"directed", "release", "year", "genre", "starred", "actor"}))
    return check.narrow(question, films, [topic], [(start, start + len(topic_name))], others)


def test_a_named_director_narrows_the_films_of_an_actor():
    adapter = lines_adapter(ROWS)
    narrowed = _films(adapter, "Which films starring Adam Sandler did Frank Coraci direct?", "Adam Sandler")
    assert sorted(e.name for e in narrowed.kept) == ["Click", "Zookeeper"]
    assert narrowed.named["Click"] == ["frank coraci"]


def test_a_year_narrows_by_the_release_year():
    adapter = lines_adapter(ROWS)
    narrowed = _films(adapter, "Which film with Adam Sandler came out in 2006?", "Adam Sandler")
    assert [e.name for e in narrowed.kept] == ["Click"]


def test_two_constraints_keep_the_films_that_meet_both():
    adapter = lines_adapter(ROWS)
    narrowed = _films(adapter, "Which Adam Sandler film from 2011 did Frank Coraci direct?", "Adam Sandler")
    assert [e.name for e in narrowed.kept] == ["Zookeeper"]


def test_nothing_else_named_or_everything_named_leaves_the_answers():
    adapter = lines_adapter(ROWS)
    assert _films(adapter, "Which films did Adam Sandler star in?", "Adam Sandler") is None
    assert _films(adapter, "Which Comedy films did Adam Sandler star in?", "Adam Sandler") is None


def test_a_linked_mention_counts_even_in_lower_case():
    adapter = lines_adapter(ROWS)
    coraci = next(e for e in adapter.lookup("Frank Coraci"))
    question = "which films with Adam Sandler did frank coraci direct"
    narrowed = _films(adapter, question, "Adam Sandler", [coraci])
    assert sorted(e.name for e in narrowed.kept) == ["Click", "Zookeeper"]
    assert _films(adapter, question, "Adam Sandler") is None     # lower case, not linked: not a name

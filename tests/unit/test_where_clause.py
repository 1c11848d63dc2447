"""A place that a "where" clause describes (kelgop/where_clause.py): the clause's own words after the
topic stay with it, and a clause right after what the question asks for names a place it is asked in."""
from __future__ import annotations

import pytest

from kgsparql.methods.kelgop.nested_phrases import compositions
from kgsparql.methods.kelgop.where_clause import where_clause


@pytest.mark.parametrize("question, inner, outer", [
    ("What languages are spoken in the country where X is used?", "the country where X is used",
     "What languages are spoken in X?"),
    ("Who founded the school where X is a grad student?", "the school where X is a grad student", "Who founded X?"),
    ("What colors do the school where X is a grad student use?", "the school where X is a grad student",
     "What colors do X use?"),
    ("What is the national anthem of the place where X is spoken?", "the place where X is spoken",
     "What is the national anthem of X?"),
])
def test_a_noun_and_its_where_clause_are_the_inner_question(question, inner, outer):
    [comp] = compositions(question, "X")
    assert (comp.inner, comp.outer, comp.kind) == (inner, outer, "clause")


@pytest.mark.parametrize("question, inner, outer", [
    ("What is the official language where X is the religious leader?", "where X is the religious leader",
     "What is the official language in X?"),
    ("What is the money used where the X is located?", "where the X is located", "What is the money used in X?"),
    ("Which currency would be most useful where the newspaper X circulated in 2013?",
     "where the newspaper X circulated in 2013", "Which currency would be most useful in X?"),
    ("Who is the prime minister of where the currency used is X?", "where the currency used is X",
     "Who is the prime minister of X?"),
])
def test_a_where_clause_after_the_asked_noun_names_the_place_it_is_asked_in(question, inner, outer):
    comp = where_clause(question, "X")
    assert comp is not None and (comp.inner, comp.outer) == (inner, outer)


@pytest.mark.parametrize("question", ["Where is X located?", "Where was X born?", "Which films did X direct?"])
def test_no_where_clause_where_the_question_asks_where(question):
    assert where_clause(question, "X") is None

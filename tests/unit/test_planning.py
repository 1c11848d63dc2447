"""The planner's pieces without a KG: the English cues (count, superlative, comparison, filter,
nested phrases), the KELGoP prompt parsers, the LLM-free classifier's feasibility rules, and the
aggregate reduction of per-entity rows (filters against a value, ties of argmax/argmin)."""
from __future__ import annotations

import pytest

from kgsparql.adapters.aggregate import reduce_aggregate
from kgsparql.errors import InputError, ParseError
from kgsparql.learn.categories import CATEGORIES, load_examples
from kgsparql.methods.kelgop.lexicon import direction, read_cues, strip_count, strip_filter, strip_superlative
from kgsparql.methods.kelgop.nested_phrases import compositions
from kgsparql.prompts.kelgop.parsers import parse_category, parse_subquestions, parse_verdict
from kgsparql.types import XSD, IRI, Literal


@pytest.mark.parametrize("question, op", [
    ("Which films starring X came out after 2005?", ("gt", 2005)),
    ("movies with X released since 1999", ("ge", 1999)),
    ("What did X direct before the year 1980?", ("lt", 1980)),
    ("films by X up to 1970", ("le", 1970)),
    ("Which films with X were released in 2001?", ("eq", 2001)),
    ("X films made between 1990 and 2000", ("between", 1990, 2000)),
])
def test_filters_are_read_with_their_value(question, op):
    assert read_cues(question).filter == op
    assert not any(ch.isdigit() for ch in strip_filter(question)), strip_filter(question)


def test_counts_and_superlatives_are_stripped_to_the_base_question():
    assert read_cues("How many films did X direct?").count
    assert strip_count("How many films did X direct?") == "which films did X direct?"
    assert strip_count("What's the number of movies X starred in?").startswith("which movies")
    assert read_cues("What is the latest film directed by X?").superlative == "latest"
    assert strip_superlative("What is the latest film directed by X?") == "What is the film directed by X?"
    assert not read_cues("Who directed X?").count and read_cues("Who directed X?").superlative is None


def test_direction_depends_on_dates_versus_numbers():
    assert direction("oldest", dated=True) == "min" and direction("oldest", dated=False) == "max"
    assert direction("latest", dated=True) == "max" and direction("first", dated=True) == "min"
    assert direction("earlier", dated=True) == "min" and direction("newer", dated=True) == "max"


def test_nested_phrases_become_compositions_only_with_an_outer_question():
    [comp] = [c for c in compositions("which other films did the director of X make") if c.kind == "of"]
    assert comp.inner == "the director of X" and comp.outer == "which other films did X make" and comp.other
    assert not compositions("Who was the director of X?")          # the outer part says nothing
    assert any(c.kind == "kinds" for c in compositions("What kinds of films did X direct?"))
    assert any(c.kind == "share" and c.inner == "the actors of X" for c in compositions("Which movies share actors with X?"))


def test_category_parser_accepts_a_category_and_rejects_anything_else():
    assert parse_category("Category: superlative\n") == "superlative"
    assert parse_category("count - it asks how many") == "count"
    with pytest.raises(ParseError):
        parse_category("I do not know")


def test_subquestion_parser_keeps_numbered_lines_and_checks_references():
    assert parse_subquestions("1. who directed Vertigo\n2. which films did [#1] direct\n\nQuestion: x") == [
        "who directed Vertigo", "which films did [#1] direct"]
    with pytest.raises(ParseError):
        parse_subquestions("1. which films did [#2] direct\n2. who directed Vertigo")
    with pytest.raises(ParseError):
        parse_subquestions("no list here")


def test_verdict_parser():
    assert parse_verdict("Yes.") is True and parse_verdict("no, the answer is a year") is False
    with pytest.raises(ParseError):
        parse_verdict("maybe")


def test_the_shipped_examples_cover_every_category():
    examples = load_examples()
    assert {c for _, c in examples} == set(CATEGORIES)
    assert min(sum(c == cat for _, c in examples) for cat in CATEGORIES) >= 15


def _row(e, lo, hi, datatype=XSD + "integer"):
    return {"e": IRI(f"http://x/{e}"), "min": Literal(str(lo), datatype), "max": Literal(str(hi), datatype),
            "count": Literal("1", XSD + "integer")}


def test_filters_keep_entities_by_their_extreme_values():
    rows = [_row("a", 1990, 2010), _row("b", 1980, 1980), _row("c", 2005, 2006)]
    ids = lambda op, v: {r.entity.id.rsplit("/", 1)[1] for r in reduce_aggregate(rows, op, v)}
    assert ids("gt", 2005) == {"a", "c"} and ids("ge", 2010) == {"a"}
    assert ids("lt", 1990) == {"b"} and ids("le", 1990) == {"a", "b"}
    assert ids("eq", 1980) == {"b"} and ids("eq", 2000) == set()     # 2000 lies between a's values: not one
    dated = [_row("d", "2001-05-01", "2003-01-01", XSD + "date")]
    assert {r.entity.id for r in reduce_aggregate(dated, "gt", 2002)} == {"http://x/d"}
    with pytest.raises(InputError):
        reduce_aggregate(rows, "gt")


def test_argmax_keeps_ties():
    rows = [_row("a", 1990, 2010), _row("b", 1950, 2010), _row("c", 2000, 2005)]
    assert {r.entity.id for r in reduce_aggregate(rows, "argmax")} == {"http://x/a", "http://x/b"}
    assert {r.entity.id for r in reduce_aggregate(rows, "argmin")} == {"http://x/b"}


def test_either_or_is_read_from_or_and_from_between_a_and_b():
    assert read_cues("Which came out first, X or X?").either_or
    assert read_cues("Between X and X, which was released earlier?").either_or
    assert read_cues("Which of X and X is older?").either_or
    assert not read_cues("Which movies did X and X both act in?").either_or

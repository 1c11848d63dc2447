"""Does what a chain reaches fit the kind of answer the question asks for?

A chain whose ends are all dates (a release year, a publication date) answers "when" and "what
year" questions; "who wrote X" or "how long is X" answered with a year is the KG lacking the asked
fact, not an answer. The other way round, "when was X born" answered with names that hold no
number at all (X's children) is no date either. The kind of the ends is read from the terms themselves (a date or year literal,
or a node labelled like one, as the MetaQA KB's years are), the kind the question asks for from its
question words (``meaning.question_shape``): no relation of any KG is named here.

Abstention uses it as one more piece of evidence (docs/abstention.md, option ``answer_kind``)."""
from __future__ import annotations

import re
from typing import Sequence

from ..meaning import question_shape
from ..types import XSD, Entity

__all__ = ["looks_like_date", "dates_unasked", "dates_asked", "undated", "asks_quantity", "reads_as_date",
           "bare_numbers", "without_time_frame", "dated_count"]

_DATE_TYPES = {f"{XSD}{t}" for t in ("date", "dateTime", "gYear", "gYearMonth", "dateTimeStamp")}
_NAMES_DATE = re.compile(r"\b(?:years?|dates?|decades?|century)\b", re.I)
# "how long / tall / old / much is X" asks for a measure: a number answers it, a year-like one too
_QUANTITY = re.compile(r"\bhow\s+(?!many\b|did\b|does\b|do\b|is\b|was\b|were\b|are\b|has\b|have\b|had\b|"
                       r"can\b|could\b|will\b|would\b|should\b|to\b)[a-z]+\b", re.I)
# "each year", "last year", "per month": a time frame the asked quantity is measured over, not a date asked
_TIME_FRAME = re.compile(r"\b(?:each|every|per|a|an|last|this|next|one)\s+(?:years?|months?|weeks?|days?|decades?)\b",
                         re.I)
_DATE_TEXT = re.compile(r"^-?\d{3,4}(?:-\d\d(?:-\d\d(?:T[\d:.]+(?:Z|[+-]\d\d:\d\d)?)?)?)?$")


def without_time_frame(question: str) -> str:
    """The question without a time frame ("how many visitors does X get *each year*", "what was X's
    revenue *last year*"): such a phrase asks for no date and names no relation of the KG, where a
    bare "year" would name a dated one (``opened year``). "What year" and "in which year" are kept."""
    return re.sub(r"\s{2,}", " ", _TIME_FRAME.sub(" ", question)).strip()


def dated_count(question: str, answers: Sequence[Entity]) -> bool:
    """A "how many" question answered with dates only: no count, where the relation's name reads as a
    date too (``reads_as_date``, asked last: "how many copies did X sell" along ``release year``)."""
    return bool(answers) and question_shape(question).answer == "count" and all(looks_like_date(a) for a in answers)


def looks_like_date(entity: Entity) -> bool:
    """A date or year: a literal typed as one, or any term whose text is one ("1944", "1944-01-01")."""
    datatype = getattr(entity.term, "datatype", None)
    return datatype in _DATE_TYPES or bool(_DATE_TEXT.match(entity.name.strip()))


def bare_numbers(answers: Sequence[Entity]) -> bool:
    """Every answer is a whole number written as one ("8611"), not a literal typed as a date: a year
    or a measure, which only its relation tells apart."""
    return bool(answers) and all(getattr(a.term, "datatype", None) not in _DATE_TYPES
                                 and a.name.strip().isdigit() for a in answers)


def asks_quantity(question: str) -> bool:
    """"How long / tall / old / much is X": a measure, answered by a number (not a count of ends)."""
    return bool(_QUANTITY.search(question))


def dates_unasked(question: str, answers: Sequence[Entity]) -> bool:
    """Every answer is a date, and the question asks for no date (no "when", "what year", "date")."""
    return bool(answers) and all(looks_like_date(a) for a in answers) and not _NAMES_DATE.search(question) \
        and question_shape(question).answer not in ("date", "count")


def dates_asked(question: str, answers: Sequence) -> bool:
    """Every answer (an ``Entity`` or a name) is a date, and the question asks for one."""
    def is_date(a) -> bool:
        return looks_like_date(a) if isinstance(a, Entity) else bool(_DATE_TEXT.match(str(a).strip()))
    return bool(answers) and all(is_date(a) for a in answers) and (
        bool(_NAMES_DATE.search(question)) or question_shape(question).answer == "date")


def undated(question: str, answers: Sequence) -> bool:
    """The question asks for a date ("when", "what year"), and no answer (an ``Entity`` or a name)
    holds a digit: neither a date nor a dated event ("2010 World Series")."""
    names = [a.name if isinstance(a, Entity) else str(a) for a in answers]
    return bool(names) and not any(ch.isdigit() for n in names for ch in n) \
        and question_shape(question).answer == "date"   # the asked thing, not any "date" word ("who did X date")


def reads_as_date(matcher, date_words: str, labels: Sequence[str]) -> bool:
    """Whether one of ``labels`` means a date (``date_words``, the words a "when" question is read
    with, reach the matcher's ``min_score`` on it): "when" then names no other dated relation against
    it, since the question word says a date is asked, not which one (``launch date`` beside
    ``birth year`` on a KG of missions and astronauts)."""
    if matcher is None or not labels:
        return False
    best = matcher.rank(date_words, {label: (label,) for label in labels}, frozenset())[0][1]
    return best >= matcher.options.min_score

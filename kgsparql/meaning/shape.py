"""The shape of a question, read from its words and no dataset's templates: what kind of answer it
wants (a count, a date, a place, a person, a thing), and at what precision a date is to be shown.

    question_shape("When was Casablanca released?")  ->  QuestionShape(wh="when", answer="date",
                                                                        date_precision="year")

The cues are English question words, which every KG's questions share; nothing here names a
relation."""
from __future__ import annotations

import re
from dataclasses import dataclass

from ..rank.mentions import asks_for_date

__all__ = ["QuestionShape", "question_shape", "show_date"]

_COUNT = re.compile(r"\bhow many\b|\bnumber of\b|\bcount\b", re.I)
_DAY = re.compile(r"\b(?:date|day|month|exact(?:ly)? when|full date)\b", re.I)
# "what date", "which day", "what is the release date of": the date word heads the phrase the question
# asks with (after the wh-word, a copula, a determiner and at most two modifiers, no preposition), so
# "what team has a founding date of 1919" asks for a team, not a date.
_ASKED_DAY = re.compile(r"\b(?:what|which)\s+(?:(?:is|was|are|were)\s+)?(?:(?:the|a|an|its|their|his|her)\s+)?"
                        r"(?:(?!(?:of|with|in|on|at|by|for|from|to|that|who|which)\b)[\w'-]+\s+){0,2}"
                        r"(?:date|day|month)s?\b", re.I)
_WHERE = re.compile(r"\bwhere\b|\bwhat (?:city|country|state|place|town|region|continent)\b", re.I)
_WHO = re.compile(r"\bwho(?:m|se)?\b", re.I)
_YESNO = re.compile(r"^\s*(?:is|are|was|were|did|does|do|has|have|had|can|could)\b", re.I)
_DATETIME = re.compile(r"^(-?\d{4,})-(\d\d)-(\d\d)(?:T(\d\d:\d\d:\d\d)(?:\.\d+)?(?:Z|[+-]\d\d:\d\d)?)?$")


@dataclass(frozen=True)
class QuestionShape:
    wh: str                       # who | what | when | where | how many | yes/no | other
    answer: str                   # count | date | place | person | thing | truth
    date_precision: str | None    # year | day: how to show a date answer; None when no date is asked

    @property
    def asks_count(self) -> bool:
        return self.answer == "count"


def question_shape(question: str) -> QuestionShape:
    q = question.strip()
    if _COUNT.search(q):
        return QuestionShape("how many", "count", None)
    if asks_for_date(q):
        return QuestionShape("when", "date", "day" if _DAY.search(q) else "year")
    if _ASKED_DAY.search(q):
        return QuestionShape("what", "date", "day")
    if _WHERE.search(q):
        return QuestionShape("where", "place", None)
    if _WHO.search(q):
        return QuestionShape("who", "person", None)
    if _YESNO.search(q):
        return QuestionShape("yes/no", "truth", None)
    return QuestionShape("what", "thing", None)


def show_date(value: str, precision: str | None) -> str:
    """An ``xsd:date`` / ``xsd:dateTime`` lexical form at the precision asked: ``year`` -> "1944",
    ``day`` -> "1944-01-01"; a midnight time is never shown; anything else comes back unchanged."""
    m = _DATETIME.match(value.strip())
    if not m:
        return value
    year, month, day, time = m.groups()
    if precision == "year":
        return year
    if time and time != "00:00:00":
        return value
    return f"{year}-{month}-{day}"

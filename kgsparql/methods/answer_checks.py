"""Checks abstention makes on a chain together with its answers (docs/abstention.md): the question
asks for a relation the KG lacks and the answers are not what it gives (``outside_reason``; RefKG and
KGFR ask it of their own chains through ``lacking_reason``), or the answers are not the kind of thing
asked for, dates to a question that asks for none or no date to one that asks for it (``kind_reason``).
``RelationMatch`` (``methods/abstention.py``) holds them as ``AnswerChecks``."""
from __future__ import annotations

import re
from typing import Sequence

from ..meaning import question_shape, without_direction
from ..rank.alignment import DATE_MENTION
from .answer_kind import asks_quantity, bare_numbers, dated_count, dates_unasked, reads_as_date, undated, without_time_frame
from .asked_kind import asked_noun
from .chain_match import Match
from .unread_direction import uncounted

__all__ = ["AnswerChecks"]


class AnswerChecks:
    """Mixed into ``RelationMatch``: needs its ``options``, ``aligner``, ``outside`` (an
    ``OutsideRelations`` or None) and ``vocabulary()``."""

    def _outside(self, masked: str, relation_texts: Sequence[str], parts: dict) -> str | None:
        """A relation the KG lacks that the question asks for instead of the chain's (``OutsideRelations``)."""
        if self.outside is None:
            return None
        names = getattr(self.aligner, "names", {})
        return self.outside.asked(masked, {t: tuple(names.get(t, (t,))) for t in relation_texts}, parts)

    def lacking_reason(self, question: str, masked: str, relation_texts: Sequence[str], answers: Sequence,
                       topic: str, plan: dict | None = None) -> str | None:
        """Why to abstain on a chain a method chose by its own judgement (RefKG's, KGFR's): the question
        asks for a relation the KG lacks (``outside_reason``). Records the scores in ``plan["outside"]``."""
        if not self.options.enabled or self.outside is None:
            return None
        parts: dict = {}
        match = Match(" ; ".join(relation_texts), parts, (), None, self._outside(masked, relation_texts, parts))
        reason = self.outside_reason(question, match, answers, topic)
        if plan is not None and parts:
            plan["outside"] = {**({"relation": match.outside} if match.outside else {}),
                               **{k: round(v, 4) for k, v in parts.items()}}
        return reason

    def outside_reason(self, question: str, match: Match, answers: Sequence, topic: str) -> str | None:
        """Why to abstain when the question asks for a relation the KG lacks (``match.outside``) and the
        chain's answers are not what it gives (``OutsideRelations.reason``)."""
        if not self.options.enabled or self.outside is None or not match.outside:
            return None
        return self.outside.reason(without_time_frame(question), match.outside, match.chain, answers, topic, match.parts)

    def uncounted_reason(self, match: dict | None, topic: str) -> str | None:
        """Why to refuse a count of entities whose counted question's chain no word of the question names
        and only the meaning view recognised (``unread_direction.uncounted``; option ``counted_named``, small
        KGs). ``match``: the counted question's ``plan["match"]``."""
        if not (self.options.enabled and self.options.counted_named and uncounted(match) and self.few_relations()):
            return None
        return (f"nothing the KG holds about {topic} answers how many (the closest it holds is "
                f"'{match['chain']}', which no word of the question names)")

    def kind_reason(self, question: str, match: Match, answers: Sequence, topic: str) -> str | None:
        """Why to abstain when the chain's ends are not the kind of answer asked for (dates to a
        question that asks for none, or no date to one that asks for it). Dates to a question that asks
        for none are kept where the question names the chain's relations word for word (unless it asks
        "who": "who founded X"); no date to a "when" question is refused on a small KG even then ("when
        was X born" along ``born in``: a place is never a date)."""
        if not (self.options.enabled and self.options.answer_kind):
            return None
        framed = without_time_frame(question)        # "how many visitors each year" asks for no date,
        question, framed = framed, framed != question   # and its "year" may have named a dated relation
        if dated_count(question, answers) and self._dated_hop(match):     # a year is no count
            return (f"nothing the KG holds about {topic} answers the question: it asks how many, and the "
                    f"closest relation, '{match.chain}', leads to dates")
        small = len(self.vocabulary()) <= self.options.outside_max_relations   # a big KG names its events
        asked = re.sub(re.escape(topic), "", question, flags=re.I)    # its own way ("Super Bowl XXX");
        if small and undated(asked, answers):          # the topic's name asks nothing ("Groundhog Day")
            return (f"nothing the KG holds about {topic} answers the question: it asks for a date, and "
                    f"the closest relation, '{match.chain}', leads to none")
        named = match.parts.get("alignment", 0.0) >= self.options.zero_shot_threshold and not framed
        no_date = question_shape(question).answer == "person" or (   # "which films": a film titled "1984"
            self.asks_undated_kind(question) and self._dated_hop(match))     # is no date; `release year`'s is
        if named and not (no_date and dates_unasked(question, answers)):
            return None                 # a "who" question is never answered by dates ("who founded X")
        if not dates_unasked(question, answers) or self._measures(question, match, answers):
            return None
        return (f"nothing the KG holds about {topic} answers the question: the closest relation, "
                f"'{match.chain}', leads to dates, and the question asks for no date")

    def asks_undated_kind(self, question: str) -> bool:
        """Whether the question asks for a kind of thing no date is: "who" ("who founded X"), or "which
        N" / "what N" whose noun does not read as a date ("which *airlines* fly X", "in which *country*
        is X"; not "which *year*", "what *decade*"). Such a question is never answered by dates, even
        along a hop its words name ("fly" and ``first flight``)."""
        if question_shape(question).answer == "person":
            return True
        noun = asked_noun(question)
        matcher = getattr(self, "matcher", None)
        return noun is not None and matcher is not None and not reads_as_date(matcher, DATE_MENTION, [noun])

    def _dated_hop(self, match: Match) -> bool:
        """Whether the chain's last hop reads as a date by its name (``reads_as_date``)."""
        matcher = getattr(self, "matcher", None)
        return bool(match.hops) and reads_as_date(matcher, DATE_MENTION, [without_direction(match.hops[-1])])

    def _measures(self, question: str, match: Match, answers: Sequence) -> bool:
        """Whole numbers reached along a last hop whose name does not read as a date are measures, not
        years, where the question asks for a measure ("how high", "how long") or one of them cannot be a
        year (outside 1000-2100): "how high is K2" along ``elevation m`` (8611), "how long is the Nile"
        along ``length km`` (6650). "How long is Vertigo" along ``release year`` still reads as dates, and
        so does "what is the website of X" along ``initial release`` (2014), whose name reads as no date.
        Read by the relation's words and the values only (``reads_as_date``); no relation is named here."""
        if not match.hops or question_shape(question).answer != "thing" or not bare_numbers(answers):
            return False
        if not asks_quantity(question) and all(1000 <= int(a.name) <= 2100 for a in answers):
            return False
        matcher = getattr(self, "matcher", None)
        return matcher is not None and not reads_as_date(matcher, DATE_MENTION, [without_direction(match.hops[-1])])

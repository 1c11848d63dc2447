"""A place that a clause with "where" describes: "what languages are spoken in *the country where X is
used*", "what is the official language *where X is the religious leader*". The clause's words after
the topic belong to it ("is used", "can be found", "was filmed"), not to the rest of the question.

- With a noun of its own that the rest asks about ("in *the country* where X is used", "the colours of
  *the school* where X studied"), the noun and its clause are the inner sub-question (the bridge),
  the rest is asked of its answers.
- Right after what the question asks for ("what is *the official language* where X ...", "what
  currency is used where X ..."), the clause names a place: "where X ..." is the inner sub-question
  and the rest is asked *in* it ("what is the official language in [#1]").

English phrasing only: which relations each half names is read from the KG by the planner."""
from __future__ import annotations

import re

from .lexicon import WORD, tidy

__all__ = ["where_clause"]

_I = re.IGNORECASE
_END = r"(?=\s*(?:[,;?.!]|$))"
_ANY = r"[\w\-]+"
_ANSWER_NOUN = re.compile(r"^\W*(?:(?:in|of|for|from|at|to) )?(?:what|which|who)(?:'s| is| are| was| were| s)?\s*$", _I)
_DO = re.compile(r"\b(?:do|does|did)\b", _I)
_PREPOSITION = re.compile(r"\b(?:of|in|at|to|from|for|on)\s*$", _I)


def where_clause(masked: str, mask: str = "X"):
    """The (inner, outer) composition a "where" clause around the topic makes, or None."""
    from .nested_phrases import Composition

    head = rf"(?P<noun>\b(?:the|a|an) (?:{WORD} ){{0,2}}?{WORD} )?\bwhere (?P<before>(?:{WORD} ){{0,8}}?)[\"“]?{mask}\b[\"”]?"
    to_end, but_one = head + rf"(?P<tail>(?: {_ANY}){{1,6}}){_END}", head + rf"(?P<tail>(?: {_ANY}){{1,6}})(?= {WORD}{_END})"
    start = re.search(head, masked, _I)
    if start is not None and _DO.search(masked[: start.start()]):
        to_end, but_one = but_one, to_end   # "what colours *do* the school where X studied *use*": its verb last
    m = re.search(to_end, masked, _I) or re.search(but_one, masked, _I) or start
    if m is None or not masked[: m.start()].strip():
        return None                     # "where is X ...": the question's own word
    noun, prefix = m.group("noun") or "", masked[: m.start()]
    tail = m.groupdict().get("tail") or ""
    clause = f"where {m.group('before')}{mask}{tail}"
    rest = masked[m.end():]
    if noun and not _ANSWER_NOUN.match(prefix):
        return Composition(tidy(noun + clause), tidy(f"{prefix}{mask}{rest}"), "clause")
    place = mask if _PREPOSITION.search(prefix + noun) else f"in {mask}"
    return Composition(tidy(clause), tidy(f"{prefix}{noun}{place}{rest}"), "clause")

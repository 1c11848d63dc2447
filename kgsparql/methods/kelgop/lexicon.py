"""English cues of the planning kinds: count, superlative, comparison between named entities, a filter
against a value (the nested phrases of a composition: ``nested_phrases``). This is a lexicon of the *language*
(latest, how many, after 2005), never of a KG's relations: which relation a
superlative compares is picked by ranking the KG's numeric/date relations (``plan_aggregate``)."""
from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["Cues", "read_cues", "strip_count", "strip_superlative", "strip_filter", "direction", "tidy", "WORD"]

_I = re.IGNORECASE
_COUNT = re.compile(r"\b(?:how many|(?:what is |what's |tell me |give me )?the (?:total )?number of|"
                    r"what number of|count (?:of |the )?|total number of|number of)\s*", _I)
# superlative word -> (direction on dates/years, direction on plain numbers such as an age)
_SUPER = {
    "latest": ("max", "max"), "newest": ("max", "max"), "most recent": ("max", "max"),
    "most recently": ("max", "max"), "last": ("max", "max"), "youngest": ("max", "min"),
    "earliest": ("min", "min"), "oldest": ("min", "max"), "first": ("min", "min"),
    "highest": ("max", "max"), "largest": ("max", "max"), "biggest": ("max", "max"),
    "greatest": ("max", "max"), "lowest": ("min", "min"), "smallest": ("min", "min"),
    "least recent": ("min", "min"), "most": ("max", "max"), "fewest": ("min", "min"), "least": ("min", "min"),
}
_COMPARE = {
    "first": "min", "earlier": "min", "earliest": "min", "before": "min", "sooner": "min", "older": "min",
    "later": "max", "last": "max", "more recent": "max", "newer": "max", "after": "max", "younger": "max",
    "more recently": "max", "latest": "max", "most recent": "max", "newest": "max", "oldest": "min",
    "higher": "max", "larger": "max", "bigger": "max", "more": "max", "lower": "min", "smaller": "min",
    "fewer": "min", "less": "min",
}
_YEAR = r"(\d{3,4})"
_FILTERS = [  # (pattern, op): the value is group 1 (and 2 for "between")
    (r"(?:between (?:the years? )?" + _YEAR + r" and|from (?:the year )?" + _YEAR + r" (?:to|until|through)) "
     + _YEAR, "between"),
    (r"(?:since|starting in) (?:the year )?" + _YEAR + r"(?: onwards?)?|from (?:the year )?" + _YEAR +
     r" (?:onwards?|on)|(?:in )?" + _YEAR + r" or later", "ge"),
    (r"(?:after|later than|post) (?:the year )?" + _YEAR, "gt"),
    (r"(?:until|up to|through) (?:the year )?" + _YEAR + r"|(?:in )?" + _YEAR + r" or earlier", "le"),
    (r"(?:before|prior to|earlier than|pre) (?:the year )?" + _YEAR, "lt"),
    (r"(?:in|from) (?:the year )?" + _YEAR, "eq"),
]
_TIME_VERB = (r"(?:(?:that|which|and)\s+)?(?:(?:were|was|are|is|got|have been|has been|had been|been)\s+)?"
              r"(?:released|came out|come out|comes out|premiered|made|produced|launched|published|"
              r"appeared|out|debuted|filmed|shot)?\s*")
WORD = r"[A-Za-z][\w\-]*"     # one word of a phrase pattern


def _words(lexicon) -> re.Pattern:
    alts = sorted(lexicon, key=len, reverse=True)
    return re.compile(r"\b(" + "|".join(re.escape(w) for w in alts) + r")\b", _I)


_SUPER_RE, _COMPARE_RE = _words(_SUPER), _words(_COMPARE)


@dataclass(frozen=True)
class Cues:
    count: bool = False
    superlative: str | None = None       # the word ("latest")
    comparison: str | None = None        # the comparison word of "A or B" questions ("first")
    either_or: bool = False              # "A or B", "between A and B, which ..." (entities masked as X)
    filter: tuple | None = None          # (op, value[, value2]) of "after 2005"
    both: bool = False                   # "both", "and ... also", "together"

    def to_json(self) -> dict:
        return {k: v for k, v in self.__dict__.items() if v}


def read_cues(question: str) -> Cues:
    q = question.strip()
    filt = _filter(q)
    sup = _SUPER_RE.search(q)
    comp = _COMPARE_RE.search(q)
    return Cues(count=bool(_COUNT.search(q)), superlative=sup.group(1).lower() if sup else None,
                comparison=comp.group(1).lower() if comp else None,
                either_or=bool(re.search(r"\bor\b|\b(?:between|of) X and X\b", q, _I)), filter=filt,
                both=bool(re.search(r"\b(both|together|as well as|along with|in common|also)\b", q, _I)))


def _filter(question: str):
    for pattern, op in _FILTERS:
        m = re.search(r"\b" + pattern + r"\b", question, _I)
        if m:
            values = tuple(int(v) for v in m.groups() if v)
            return (op, *values)
    return None


def direction(word: str, dated: bool) -> str:
    """``max`` or ``min`` for a superlative/comparison word on a date (``dated``) or a number."""
    if word in _SUPER:
        return _SUPER[word][0 if dated else 1]
    return _COMPARE.get(word, "max") if (dated or word not in ("older", "younger")) else \
        {"older": "max", "younger": "min"}[word]


def tidy(text: str) -> str:
    text = re.sub(r"\s+", " ", text).strip(" ,")
    return re.sub(r"\s+([?.!,])", r"\1", text)


def strip_count(question: str) -> str:
    """"How many films did X direct" -> "which films did X direct"."""
    return tidy(_COUNT.sub("which ", question, count=1).replace("which which", "which"))


def strip_superlative(question: str) -> str:
    """"What is the latest film directed by X" -> "What is the film directed by X"."""
    return tidy(_SUPER_RE.sub("", question, count=1).replace(" the the ", " the "))


def strip_filter(question: str) -> str:
    """"Which films starring X came out after 2005" -> "Which films starring X"."""
    for pattern, _ in _FILTERS:
        out, n = re.subn(r"\s*" + _TIME_VERB + r"\b" + pattern + r"\b", " ", question, count=1, flags=_I)
        if n:
            return tidy(out)
    return question

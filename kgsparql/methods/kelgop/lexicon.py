"""English cues of the planning kinds: count, superlative, comparison between named entities, a filter
against a value, and the nested noun phrases of a composition. This is a lexicon of the *language*
(latest, how many, after 2005, the director of X), never of a KG's relations: which relation a
superlative compares is picked by ranking the KG's numeric/date relations (``plan_aggregate``)."""
from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["Cues", "read_cues", "strip_count", "strip_superlative", "strip_filter", "compositions",
           "Composition", "direction", "nested"]

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
_WORD = r"[A-Za-z][\w\-]*"


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


def _tidy(text: str) -> str:
    text = re.sub(r"\s+", " ", text).strip(" ,")
    return re.sub(r"\s+([?.!,])", r"\1", text)


def strip_count(question: str) -> str:
    """"How many films did X direct" -> "which films did X direct"."""
    return _tidy(_COUNT.sub("which ", question, count=1).replace("which which", "which"))


def strip_superlative(question: str) -> str:
    """"What is the latest film directed by X" -> "What is the film directed by X"."""
    return _tidy(_SUPER_RE.sub("", question, count=1).replace(" the the ", " the "))


def strip_filter(question: str) -> str:
    """"Which films starring X came out after 2005" -> "Which films starring X"."""
    for pattern, _ in _FILTERS:
        out, n = re.subn(r"\s*" + _TIME_VERB + r"\b" + pattern + r"\b", " ", question, count=1, flags=_I)
        if n:
            return _tidy(out)
    return question


@dataclass(frozen=True)
class Composition:
    inner: str          # the sub-question about the topic ("the director of X")
    outer: str          # the rest, the inner phrase replaced by the mask ("which films did X make")
    kind: str = "of"    # "of" (a noun of X), "kinds" (what kinds of ...), "share" (... share N with X),
                        # "clause" (the noun who/that/with ... X: "the country that contains X")

    @property
    def other(self) -> bool:
        """The outer question asks for *other* things than the topic ("what else", "which other")."""
        return bool(_OTHER.search(self.outer))


_ROLE = rf"(?:the |a |an )?(?:{_WORD} ){{0,2}}?{_WORD}"


def compositions(masked: str, mask: str = "X") -> list[Composition]:
    """Nested phrases around the masked topic: "the <noun> of X", "X's <noun>", "what kinds of <...>",
    "<...> share <noun> with X", and, when none of these, a noun with a clause that ends in X ("the
    person who attended X", "the country with X"). Only when the outer question keeps a content word
    of its own."""
    out = []
    m = re.search(rf"\b(the (?:{_WORD} ){{0,2}}?{_WORD}) (?:of|for|from|in|behind) {mask}\b", masked, _I)
    if m:
        out.append(Composition(f"{m.group(1)} of {mask}", _replace(masked, m)))
    m = re.search(rf"\b{mask}'s ((?:{_WORD} ){{0,1}}{_WORD})", masked, _I)
    if m:
        out.append(Composition(f"the {m.group(1)} of {mask}", _replace(masked, m)))
    m = re.search(r"\b(kinds?|types?|sorts?) of\s+(?!the\b|a\b|an\b|" + mask + r"\b)", masked, _I)
    if m:
        out.append(Composition(_tidy("which " + masked[m.end():]), f"what {m.group(1).lower()} is {mask}", "kinds"))
    m = re.search(rf"\bshares? (?:the same |any |some |common )?({_WORD}) (?:with|as) {mask}\b", masked, _I)
    if m:
        out.append(Composition(f"the {m.group(1)} of {mask}", _replace(masked, m, f"have {mask}"), "share"))
    m = re.search(rf"\b(?:the|a|an) (?:{_WORD} ){{0,2}}?{_WORD} (?:(?:who|that|which|whose|where) "
                  rf"(?:{_WORD} ){{1,5}}?|with (?:{_WORD} ){{0,4}}?)[\"“]?{mask}\b[\"”]?", masked, _I)
    if m and not out:
        out.append(Composition(m.group(0), _replace(masked, m), "clause"))
    return [c for c in out if _has_content(c.outer, mask)]


def _replace(text: str, m: re.Match, by: str = "X") -> str:
    return _tidy(text[: m.start()] + by + text[m.end():])


_OTHER = re.compile(r"\b(other|else|also|too|another|same|more)\b", _I)
_EMPTY = re.compile(r"^(?:who|what|which|name|list|tell me|give me|is|are|was|were|s|the|of|me|X|\W)*$", _I)


def _has_content(outer: str, mask: str) -> bool:
    return not _EMPTY.match(outer.replace(mask, " X "))


def nested(masked: str, mask: str = "X") -> bool:
    """Does the topic sit inside a phrase that describes something else: a composition above, a clause
    that ends in it past the question's first word ("... spoken where X is made", "the country where X
    is ..."), or "<nouns> of X" ("residents of X")? Then the question asks about that something."""
    if compositions(masked, mask):
        return True
    clause = re.search(rf"\S\s+(?:who|whom|whose|which|that|where)\s+(?:{_WORD}\s+){{0,5}}?[\"“]?{mask}\b", masked, _I)
    return bool(clause or re.search(rf"\b[a-z]+s of (?:the )?[\"“]?{mask}\b", masked))

"""What a claim says besides its entities, read from its English wording: negation, a count
comparison ("more than 5 films"), a date comparison ("before", "later than"). An English lexicon of
function words is language, not KG vocabulary: relations always come from the KG (``decompose``)."""
from __future__ import annotations

import re
from dataclasses import dataclass

from ..rank.base import STOPWORDS

__all__ = ["ClaimForm", "read_claim", "negation_cues", "denied_belief", "unreal", "NUMBER_WORDS", "PLURAL_NOUN", "compare_values"]

NUMBER_WORDS = {w: i for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
    "sixteen seventeen eighteen nineteen twenty".split())}
NUMBER_WORDS.update({"a dozen": 12, "dozen": 12, "a couple of": 2, "a single": 1, "single": 1, "only one": 1})

_NUM = r"(\d+|" + "|".join(sorted((re.escape(w) for w in NUMBER_WORDS), key=len, reverse=True)) + r")"
# "more than 5", "at least ten", "exactly two", "fewer than 3"; the count noun follows the number
_COUNT_OPS = [
    (r"(?:more|greater) than|over|upwards of|in excess of", ">"),
    (r"(?:fewer|less) than|under", "<"),
    (r"at least|no fewer than|no less than|(?:a minimum of)", ">="),
    (r"at most|no more than|(?:a maximum of)|up to", "<="),
    (r"exactly|precisely|just|only", "="),
]
PLURAL_NOUN = r"\s+(?:[a-z-]+\s+){0,2}?[a-z-]+s\b"   # "5 films", "two different writers", "10 movies"

# English negators (closed-class function words, not any KG's or data set's phrasing). Framing that
# denies a whole statement ("It's false that ...") is read by meaning instead (``meaning.Polarity``).
_NEGATION = re.compile(
    r"\b(?:not|never|no|no longer|neither|nor|nobody|none|nothing|nowhere)\b(?!-)|n't\b|n’t\b|\bfailed to\b", re.I)
# "not only ... but also" is not a negation, nor is "no more than 3" (a count) or "no later than", nor
# an opening "No" that answers rather than denies: before "but" or a personal pronoun ("No but X had
# ...", "No it was ..."), where the determiner "no" ("No film ...") cannot stand
_NOT_NEGATION = re.compile(r"\bnot only\b|\bnot just\b|\bno (?:more|fewer|less|later|earlier|sooner) than\b"
                           r"|^\W*no(?=\s+(?:but|it|he|she|they|i|we|you)\b)", re.I)

# A negator before a predicate of belief or of truth denies what follows it: English neg-raising
# ("I don't think X ...", "I do not believe X ...") and negated truth ("There's no truth to the idea
# that ...", "It isn't true that ..."). Both are closed classes of English predicates; "Believe it or
# not" and "I'm not sure, but" are not such phrases (the negator does not precede the predicate).
_NEGATED_BELIEF = re.compile(
    r"(?:\b(?:not|never|no)\b|n't\b|n’t\b)\s+(?:\w+\s+){0,2}?"
    r"(?:think|believe|suppose|expect|imagine|reckon|true|truth|case|correct|accurate)\b", re.I)

# Framing that presents what follows as unreal (English irrealis: a wish, a pretence, a dream, a
# counterfactual condition: "I wish that X ...", "If only X ...", "We pretended that ...", "as if ..."):
# the statement is not so. Verbs of wishing and pretending and the counterfactual conditionals are a
# closed class of English; "imagine" counts in the past only ("I imagine that" is a hedge like "I suppose").
_IRREALIS = re.compile(
    r"\b(?:wish(?:es|ed)?|if only|as if|as though|pretend(?:s|ed|ing)?|dream(?:s|ed|t)?|imagined|"
    r"fantasi[sz]ed|make-believe)\b", re.I)

_BEFORE = r"before|earlier than|prior to|older than|predates?|preceded|ahead of|sooner than|in an earlier year than"
_AFTER = r"after|later than|more recent(?:ly)?(?: film)? than|newer than|post-?dates?|followed|in a later year than|since"
_DATE_CMP = re.compile(rf"\b(?P<before>{_BEFORE})\b|\b(?P<after>{_AFTER})\b", re.I)


@dataclass(frozen=True)
class ClaimForm:
    text: str                        # the claim as given
    negated: bool                    # the claim says something does not hold
    count: tuple[str, int] | None    # (op, n) of a counting claim
    # "has two writers" (no comparison word) counts only if a claim word names the counted relation
    count_span: tuple[int, int] | None
    date_op: str | None              # "<" (before) or ">" (after) for a date comparison
    date_span: tuple[int, int] | None
    implicit_count: bool = False     # a bare number ("has two writers"), no comparison word
    # a negator in more than one clause ("was not born in X, and did not play for Y"): each part is denied
    each_negated: bool = False


def _number(word: str) -> int:
    word = word.lower()
    return int(word) if word.isdigit() else NUMBER_WORDS[word]


def _count(text: str) -> tuple[tuple[str, int] | None, tuple[int, int] | None]:
    for words, op in _COUNT_OPS:
        m = re.search(rf"\b(?:{words})\s+{_NUM}(?={PLURAL_NOUN}|\s+(?:films?|movies?|times?)\b)", text, re.I)
        if m:
            return (op, _number(m.group(1))), m.span()
    m = re.search(rf"(?<![\d.,'’])\b{_NUM}(?={PLURAL_NOUN})", text, re.I)   # "has two writers": exactly
    noun = re.match(r"\s+([a-z-]+)", text[m.end():], re.I) if m else None
    if m and not re.search(r"\bone\s+of\b", text[m.start():m.end() + 4], re.I) and _number(m.group(1)) < 100 \
            and noun and noun.group(1).lower() not in STOPWORDS \
            and not noun.group(1)[:1].isupper():      # "'42 was released": no noun; "11 Diagonal Street": a name
        return ("=", _number(m.group(1))), m.span()
    m = re.search(r"\bmore than one\b|\bseveral\b|\bmultiple\b", text, re.I)
    if m:
        return (">", 1), m.span()
    return None, None


def negation_cues(text: str) -> list[int]:
    """Character offsets of the claim's negators."""
    return [m.start() for m in _NEGATION.finditer(_NOT_NEGATION.sub(lambda m: " " * len(m.group()), text))]


def denied_belief(phrase: str) -> bool:
    """Whether framing denies the statement it frames by grammar: a negated predicate of belief or
    of truth ("I don't think", "There's no truth to the idea that")."""
    return bool(_NEGATED_BELIEF.search(phrase))


def unreal(phrase: str) -> bool:
    """Whether framing presents the statement it frames as unreal ("I wish that", "If only")."""
    return bool(_IRREALIS.search(phrase))


def read_claim(text: str) -> ClaimForm:
    """The claim's negation (any negator; ``assess`` then discounts those in framing and reads the
    framing's own polarity), count comparison and date comparison."""
    negated = bool(negation_cues(text))
    count, count_span = _count(text)
    date = _DATE_CMP.search(text) if count is None else None
    date_op = None if date is None else ("<" if date.group("before") else ">")
    implicit = count is not None and count[0] == "=" and not re.match(
        r"(?:exactly|precisely|just|only)\b", text[count_span[0]:], re.I)
    return ClaimForm(text, negated, count, count_span, date_op, date.span() if date else None, implicit)


def compare_values(left, op: str, right) -> bool:
    return {"<": left < right, ">": left > right, "=": left == right,
            "<=": left <= right, ">=": left >= right}[op]

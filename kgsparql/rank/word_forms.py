"""How two words that share a crude stem are related: one word in two forms, one word family, a
word and an adjective made from it, or two words that only share the stem.

``stem`` keeps four letters, so it joins words of one form (``directed`` / ``director``,
``written`` / ``writer``, ``genres`` / ``genre``) with words that only begin alike or hold one
another: a word derived into another part of speech (``architect`` / ``architectural``,
``familiar`` / ``family``), a stem inside a longer word (``remembered`` / ``member``) or two words
that share four letters (``composed`` / ``company``). ``one_word`` tells them apart by English
morphology alone: drop one inflection or agent-noun ending from each word; they are one word when
what is left is the same, or the same with its last consonant doubled (``writt`` / ``writ``,
``starr`` / ``star``). A word that holds the other after a whole word of
its own (``screenwriters``: "screen" + "writers") is compared by that part.

``adjective_of``: one word is the other made an adjective (an English adjective ending the other
lacks: ``architectural``, ``musical``, ``presidential``, ``familiar``): it describes a thing, it does
not name it. ``one_family``: the two begin with more than the crude stem's four letters alike
(``published`` / ``publication``: "publi"), unlike two words that share just those four
(``composed`` / ``company``) or hold one inside the other (``remembered`` / ``member``). No word list:
English endings only.

``agent_noun``: who does what a passive label's verb says (``designed by`` -> "designer",
``composed by`` -> "composer", ``written by`` -> "writer"): the verb without its participle ending,
plus the agent ending. MiniLM reads a question's "architect" near "designer" (0.67) and far from
"designed by" (0.44)."""
from __future__ import annotations

__all__ = ["one_word", "one_family", "adjective_of", "base_forms", "agent_noun"]

_ADJECTIVE = ("al", "ial", "ical", "ic", "ar", "ary", "ous", "ive", "ful", "less", "able", "ible")

_ENDINGS = ("ing", "ings", "er", "ers", "or", "ors", "ation", "ations", "tion", "tions", "ion", "ions", "ied", "ies", "ed", "es", "s",
            "en", "e", "y")


def base_forms(word: str) -> set[str]:
    """``word`` itself and ``word`` without each inflection or agent-noun ending it has (``located``
    -> ``locat``, ``location`` -> ``locat`` or ``loc``, ``written`` -> ``writt``); from four letters,
    and never down to fewer than three."""
    word = word.lower()
    return {word} | {word[: -len(e)] for e in _ENDINGS if len(word) > 3 and word.endswith(e) and len(word) - len(e) >= 3}


def one_word(word: str, other: str, vocabulary: frozenset[str] = frozenset()) -> bool:
    """``word`` and ``other`` are one word in two forms (see the module), directly or as the whole
    part of a compound that follows a word of ``vocabulary`` (``screenwriters`` / ``written``)."""
    if _same_base(word, other):
        return True
    for inner, outer in ((word.lower(), other.lower()), (other.lower(), word.lower())):
        for at in range(3, len(outer) - 2):
            if outer[:at] in vocabulary and _same_base(inner, outer[at:]):
                return True
    return False


def _same_base(a: str, b: str) -> bool:
    return any(_within_a_letter(x, y) for x in base_forms(a) for y in base_forms(b))


def _within_a_letter(x: str, y: str) -> bool:
    """The same, or one with its last consonant doubled (``writt`` / ``writ``, ``starr`` / ``star``)."""
    short, long = sorted((x, y), key=len)
    return long == short or (len(long) == len(short) + 1 and long.startswith(short) and long[-1] == long[-2]
                             and long[-1] not in "aeiou")


def adjective_of(word: str, other: str) -> bool:
    """One of the two ends in an adjective ending that the other, shorter one lacks (``architectural``
    / ``architect``, ``familiar`` / ``family``, ``musical`` / ``music``)."""
    short, long = sorted((word.lower(), other.lower()), key=len)
    return len(long) > len(short) and any(long.endswith(e) and not short.endswith(e) for e in _ADJECTIVE)


def one_family(word: str, other: str) -> bool:
    """The two begin with more than four letters alike (``published`` / ``publication``)."""
    a, b = word.lower(), other.lower()
    alike = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
    return alike > 4


def agent_noun(label: str) -> str | None:
    """The agent noun of a label that is a past participle and "by" (``designed by`` -> "designer",
    ``written by`` -> "writer", ``owned by`` -> "owner"); None for any other label. English
    morphology only: the participle ending goes (a doubled last consonant with it), "er" comes."""
    words = label.lower().split()
    if len(words) != 2 or words[1] != "by":
        return None
    verb = words[0]
    for ending in ("ed", "en"):
        stem = verb[: -len(ending)]
        if verb.endswith(ending) and len(stem) >= 3 and stem.isalpha():
            if len(stem) > 3 and stem[-1] == stem[-2] and stem[-1] not in "aeiou":
                stem = stem[:-1]
            return stem + "er"
    return None

"""Whether two words that share a crude stem are one word in two forms.

``stem`` keeps four letters, so it joins words of one form (``directed`` / ``director``,
``written`` / ``writer``, ``genres`` / ``genre``) with words that only begin alike or hold one
another: a word derived into another part of speech (``architect`` / ``architectural``,
``familiar`` / ``family``), a stem inside a longer word (``remembered`` / ``member``) or two words
that share four letters (``composed`` / ``company``). ``one_word`` tells them apart by English
morphology alone: drop one inflection or agent-noun ending from each word; they are one word when
what is left is the same, or the same with its last consonant doubled (``writt`` / ``writ``,
``starr`` / ``star``). A word that holds the other after a whole word of
its own (``screenwriters``: "screen" + "writers") is compared by that part. No word list."""
from __future__ import annotations

__all__ = ["one_word", "base_forms"]

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

"""Orders of FRAG's zero-shot candidates that the question's words settle where the rankers do not
(a KG the chain prior was not trained on): a label read with its head word (``head_words``) and the
direction of a "<verb> by" relation (``passive_direction``) and of a relation between things of one
kind, read from the number of the noun that nests the topic (``many_ends_first``), and of a last hop
named "has N" or "N of" where the question asks for the N (``role_noun_first``), and the preposition
of a label that fits "where" or "who" (``preposition_first``). Each moves one
candidate to the front, keeping the scores; none names a relation of any KG."""
from __future__ import annotations

import re
from typing import Callable, Mapping, Sequence

from ...meaning import question_shape, without_direction
from ...rank.word_forms import one_word
from ..head_words import head_word_rival
from ..passive_direction import topic_role
from .type_fit import asked_noun

__all__ = ["head_word_first", "passive_first", "many_ends_first", "role_noun_first", "preposition_first"]

_ASKED_OF = re.compile(r"^(?:who|what|which)\s+(?:is|are|was|were)\s+the\s+([a-z]+)\s+of\b")    # "who are the
_HAS_NOUN, _NOUN_OF = re.compile(r"^(?:has|have)\s+([a-z]+)$"), re.compile(r"^([a-z]+)\s+of$")   # members of"
_LINKS = frozenset("by in at on of to from for with into as".split())     # a label ending so names no noun
_OF_TOPIC = re.compile(r"\bthe\s+([a-z]+)\s+of\s+X\b")     # "the moons of X" (X: the masked topic)


def _to_front(ranked: list, at: int | None) -> list:
    if at is not None:
        ranked.insert(0, ranked.pop(at))
    return ranked


def head_word_first(masked: str, ranked: Sequence[tuple[tuple, float]], verbalize: Callable) -> list:
    """A one-hop candidate whose label the question names where the best one-hop chain's label is
    only its head or its modifier's extension ("where does X work": ``works at``, not ``field of
    work``) goes first."""
    ranked = list(ranked)
    if not ranked or len(ranked[0][0]) != 1:
        return ranked
    labels = {verbalize(c[0]) for c, _ in ranked if len(c) == 1}
    rival = head_word_rival(masked, [verbalize(ranked[0][0][0])], labels)
    return _to_front(ranked, next((i for i, (c, _) in enumerate(ranked)
                                   if len(c) == 1 and verbalize(c[0]) == rival), None))


def passive_first(masked: str, ranked: Sequence[tuple[tuple, float]], verbalize: Callable) -> list:
    """The best one-hop chain along a "<verb> by" relation walked the way the question's grammar says
    ("which languages influenced X": forwards along ``influenced by``; "what did X influence":
    backwards): the other direction goes first when it is a candidate."""
    ranked = list(ranked)
    if not ranked or len(ranked[0][0]) != 1:
        return ranked
    hop = ranked[0][0][0]
    role = topic_role(masked, without_direction(verbalize(hop)))
    if role is None or hop.inverse == (role == "agent"):
        return ranked
    return _to_front(ranked, next((i for i, (c, _) in enumerate(ranked) if c == (hop.reversed(),)), None))


def _plural(word: str) -> bool:
    return len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is"))


def many_ends_first(masked: str, ranked: Sequence[tuple[tuple, float]], ends: Mapping) -> list:
    """"The *moons* of X" along a relation between things of one kind (``orbits``): where the best
    one-hop chain reaches one entity and the same relation walked the other way reaches several,
    a plural noun that nests the topic asks for the several (what orbits X, not what X orbits).
    ``ends``: chain -> the entities it reaches in the subgraph."""
    ranked = list(ranked)
    nests = _OF_TOPIC.search(masked)
    if not ranked or len(ranked[0][0]) != 1 or not nests or not _plural(nests.group(1).lower()):
        return ranked
    back = (ranked[0][0][0].reversed(),)
    if len(ends.get(ranked[0][0], ())) != 1 or len(ends.get(back, ())) < 2:
        return ranked
    return _to_front(ranked, next((i for i, (c, _) in enumerate(ranked) if c == back), None))


def _walks_to_noun(label: str, noun: str) -> bool | None:
    """Which way a relation is walked to reach the N it names, where ``noun`` is that N: forwards for
    "has N" and for a noun label whose head is N (``capital city``), backwards for "N of"; None for any
    other label or noun (a label ending in a preposition or "by" names no N)."""
    words = label.lower().split()
    for shape, forwards in ((_HAS_NOUN, True), (_NOUN_OF, False)):
        found = shape.match(" ".join(words))
        if found:
            return forwards if one_word(found.group(1), noun) else None
    if not words or words[-1] in _LINKS:
        return None
    return True if one_word(words[-1], noun) else None


def _asked(masked: str) -> str | None:
    found = _ASKED_OF.match(masked.lower().strip())
    noun = found.group(1) if found else asked_noun(masked)
    return noun.split()[-1] if noun else None


def role_noun_first(masked: str, ranked: Sequence[tuple[tuple, float]], verbalize: Callable,
                    depth: int = 5, min_share: float = 0.5) -> list:
    """"Who are the *members* of the band behind X": a last hop named ``has member`` walked backwards
    reaches what has members, not the members; "which *city* is X in" along ``located in ; capital city
    (reverse)`` reaches the country whose capital city X is in. Where the best chain's last hop names
    the noun the question asks for and is walked away from it, the first chain among the next ``depth``
    as long as it, scoring at least ``min_share`` of it, that ends along the same relation the other
    way goes first; failing that, the best chain's prefix, which stops at the N."""
    ranked = list(ranked)
    noun = _asked(masked) if ranked else None
    if noun is None:
        return ranked
    (best, top), last = ranked[0], ranked[0][0][-1]
    way = _walks_to_noun(without_direction(verbalize(last)), noun)
    if way is None or last.inverse != way:
        return ranked
    fits = lambda c, s: len(c) == len(best) and s >= min_share * top and c[-1] == last.reversed()  # noqa: E731
    at = next((i for i, (c, s) in enumerate(ranked[:depth]) if fits(c, s)), None)
    if at is None and len(best) > 1:
        at = next((i for i, (c, _) in enumerate(ranked) if c == best[:-1]), None)
    return _to_front(ranked, at)


_PREPOSITION = re.compile(r"^([a-z]+)\s+(by|at|in|on)$")
_FITS = {"place": ("at", "in", "on"), "person": ("by",)}       # "where": at, in, on; "who": by


def preposition_first(question: str, ranked: Sequence[tuple[tuple, float]], verbalize: Callable,
                      depth: int = 5) -> list:
    """"*Where* was X recorded" along ``recorded by`` reaches the band: where the best one-hop chain's
    label is "<verb> <preposition>" and the preposition does not fit the question's "where" (at, in,
    on) or "who" (by), a one-hop candidate among the next ``depth``, walked the same way, whose label
    is the same verb with a preposition that fits goes first (``recorded at``)."""
    ranked = list(ranked)
    fit = _FITS.get(question_shape(question).answer)
    if not fit or not ranked or len(ranked[0][0]) != 1:
        return ranked
    hop = ranked[0][0][0]
    label = _PREPOSITION.match(without_direction(verbalize(hop)).lower())
    if not label or label.group(2) in fit:
        return ranked

    def fits(chain) -> bool:
        other = _PREPOSITION.match(without_direction(verbalize(chain[0])).lower()) if len(chain) == 1 else None
        return bool(other) and chain[0].inverse == hop.inverse and other.group(2) in fit \
            and one_word(other.group(1), label.group(1))
    return _to_front(ranked, next((i for i, (c, _) in enumerate(ranked[:depth]) if i and fits(c)), None))

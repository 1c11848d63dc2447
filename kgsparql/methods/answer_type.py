"""Does a chain end where the question's answer-type word points? "Which **directors** has X worked
with" asks for the values of the relation "directors" names, so a chain that ends on the films X
directed (``director (reverse)``) answers a different question than ``cast member (reverse) ;
director``. The answer-type word is read by English grammar (``rank.mentions.answer_type_word``)
and the relation it names by the alignment ranker's word evidence over the KG's own relation
names and aliases: no relation of any KG is named here.

``prefer_typed`` reorders ranked chains: when the best chain does not end forwards along a relation
the answer-type word names, and a candidate among the next few does and scores at least
``min_share`` of the best, that candidate goes first (scores kept)."""
from __future__ import annotations

import re
from typing import Callable, Sequence

from ..rank.mentions import answer_type_word

__all__ = ["wanted_labels", "frame_words", "framed_kind", "ends_as_wanted", "prefer_typed", "prefer_named_length"]

_FRAMED = re.compile(r"\b(?:kinds?|types?|sorts?)\s+of\s+([^\W_]+)", re.I)


def wanted_labels(ranker, question: str, labels: Sequence[str]) -> set[str]:
    """The relation labels the question's answer-type word alone names ("which **actors** worked
    with ..." → the cast relation); empty when there is no such word, it names none (a kind: "which
    films"), or another word names the same relation ("which **screenplays** did X **write**" asks
    for the works, the subjects of that relation, not its values)."""
    word = answer_type_word(question)
    if not word or len(labels) < 2:
        return set()
    evidence = ranker.evidence(question, list(labels))
    wanted = set(evidence.get(word, {}))
    if any(wanted & set(named) for other, named in evidence.items() if other != word):
        return set()
    return wanted


def frame_words(question: str) -> frozenset[str]:
    """The words of a "what **kind of** movie" frame: they ask for a classifying relation, they name
    none of their own."""
    return frozenset(m.group(0).split()[0].lower() for m in _FRAMED.finditer(question))


def framed_kind(matcher, names: dict, question: str, vocabulary: Sequence[str],
                lead: float = 0.1) -> set[str]:
    """"What **kind of movie** is X" asks for the relation that classifies movies: the label of the
    KG's vocabulary that "type of movie" means (``RelationMatcher`` over the labels and their
    aliases), when it scores the matcher's ``min_score`` and leads the next by ``lead``."""
    found = _FRAMED.search(question)
    if matcher is None or not found or len(vocabulary) < 2:
        return set()
    ranked = matcher.rank(f"type of {found.group(1).lower()}", {v: names.get(v, (v,)) for v in vocabulary})
    (best, score), (_, second) = ranked[0], ranked[1]
    return {best} if score >= max(matcher.options.min_score, 0.5) and score - second >= lead else set()


def ends_as_wanted(chain: tuple, wanted: set[str], verbalize: Callable) -> bool:
    last = chain[-1]
    return not last.inverse and verbalize(last) in wanted


def prefer_typed(ranked: Sequence[tuple[tuple, float]], wanted: set[str], verbalize: Callable, depth: int = 8,
                 min_share: float = 0.5, named: frozenset[str] | None = None) -> list[tuple[tuple, float]]:
    """``ranked`` (chain, score) best first, with the best chain that ends as the answer-type word
    asks moved to the front when the best does not (module docstring). ``named``: where given, the
    labels the question's other words name; a candidate that leaves out one of them that the best
    holds is not moved ("which *city* was the designer of X *born* in": not ``city``, which drops
    ``birthplace``)."""
    ranked = list(ranked)
    if not wanted or not ranked or ends_as_wanted(ranked[0][0], wanted, verbalize):
        return ranked
    top = ranked[0][1]
    held = {verbalize(r) for r in ranked[0][0]} & (named or frozenset())
    at = next((i for i, (c, s) in enumerate(ranked[:depth]) if ends_as_wanted(c, wanted, verbalize)
               and s >= min_share * top and held <= {verbalize(r) for r in c}), None)
    if at is not None:
        ranked.insert(0, ranked.pop(at))
    return ranked


def prefer_named_length(ranked: Sequence[tuple[tuple, float]], named: bool) -> list[tuple[tuple, float]]:
    """When no word of the question names any relation of the candidates (``named`` False: "which
    movies feature X"), nothing asks for a hop beyond the first: while the best chain's prefix is a
    candidate too, the prefix goes first (scores kept)."""
    ranked = list(ranked)
    if named:
        return ranked
    candidates = {chain for chain, _ in ranked}
    while ranked and len(ranked[0][0]) > 1 and ranked[0][0][:-1] in candidates:
        prefix = ranked[0][0][:-1]
        ranked.insert(0, ranked.pop(next(i for i, (c, _) in enumerate(ranked) if c == prefix)))
    return ranked

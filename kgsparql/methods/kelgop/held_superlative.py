"""A superlative word the KG writes into a relation's own name ("first" in ``first ascent by``,
``firstAscentYear``): the KG already holds the extreme, so the question is a chain through that
relation, not a comparison of candidates ("where was *the first person to climb X* born" is the
birthplace of X's first ascender, not the earliest-born of everyone who climbed X)."""
from __future__ import annotations

import re

from .aggregation import held_extreme
from .lexicon import direction
from .sub_questions import Outcome

__all__ = ["relation_words", "names_the_word", "held_by_relation"]


def relation_words(label: str) -> set[str]:
    """The words of a verbalised relation, casefolded (``first-ascent-by`` -> first, ascent, by)."""
    return set(re.findall(r"[a-z]+", label.lower()))


def names_the_word(word: str, labels) -> bool:
    """Does some relation label of the KG write the (one-word) superlative ``word``?"""
    return " " not in word and any(word in relation_words(label) for label in labels)


def held_by_relation(planner, question: str, link, word: str) -> Outcome | None:
    """On a KG of few relations, where one of them writes ``word``: the whole question (word kept),
    answered and checked by the atomic answerer, when its chain goes through such a relation (the
    first or last of the topic's own values where that one hop reaches numbers or dates, as
    ``Planner._held_superlative`` reads them); None otherwise (the superlative plan goes on)."""
    abstention = planner.ctx.abstention
    if abstention is None or not abstention.few_relations() or not names_the_word(word, abstention.vocabulary()):
        return None
    sub = planner.atomic.ask(question, link.topics(), link.masked())
    verbalize = planner.adapter.verbalize
    if not sub.answers or not any(word in relation_words(verbalize(r)) for r in sub.chain or ()):
        return None
    held = held_extreme(planner.adapter, sub.chain, sub.entities, word)     # the topic's own years, as before
    if held:
        return Outcome("superlative", held, [sub], {"op": direction(word, True), "by": "value held", "word": word})
    return Outcome("simple", sub.answers, [sub], note=f"the KG's relation writes '{word}': no comparison")

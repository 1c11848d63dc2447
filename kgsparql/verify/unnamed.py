"""A claim whose subject is left unnamed ("It was first aired on 3 October 1983 by STV", "A company
… has a subsidiary called Mantecorp"): the one entity it names is not what its words are about, so
that entity lacking the relations they name says nothing. The claim holds when something the KG
links to the entity (the unnamed subject, one hop away) holds a value the claim states, or else a
relation its words name; otherwise it is left unknown (an open KG may just not record it).

An unnamed subject is read from English grammar, not from any KG: the claim, its framing blanked,
opens with a personal pronoun or an indefinite article before the first entity it names. A pronoun
whose name closes the sentence after a comma ("He had a wife, Azim Premji.") names its subject
there (a right-dislocated appositive): the claim is about that entity, not about an unnamed thing.
The unnamed thing may also be the one that holds the named relation towards the entity ("He was the
prime minister James Callaghan": something has *prime minister* James Callaghan); that link is then
the evidence. A claim that states numbers or dates is about a thing that holds them: a named relation
alone, without one of its values, does not support it."""
from __future__ import annotations

import re

from .framing import outside
from .linked import Mentioned
from .relation_words import named_labels
from .result import CONTRADICTED, SUPPORTED, UNKNOWN, SubClaim
from .pairs import CLEAR
from .values import names_not_held, stated_values
from .written_values import claim_dates, claim_numbers
from ..types import Path

__all__ = ["unnamed_subject", "unnamed_holder", "through_unnamed", "MAX_AROUND"]

MAX_AROUND = 200          # things linked to the entity that may be the unnamed subject
_OPENING = re.compile(r"^\W*(?:it|he|she|they|its|his|her|their|an?)\b", re.I)
_PRONOUN = re.compile(r"^\W*(?:it|he|she|they)\b", re.I)


def unnamed_subject(text: str, framing: list[tuple[int, int]], first: Mentioned) -> bool:
    """Whether the claim's subject, before its first named entity, is a pronoun or "a/an ..." (not a
    pronoun the entity names after a comma at the end of the sentence: "He had a child, X.")."""
    lead = outside(text, framing)[:first.start]
    if not _OPENING.match(lead):
        return False
    return not _names_the_pronoun(lead, text[first.end:])


_SOME_THING = re.compile(r"\b(?:an?|it|they)\s+\w", re.I)
_THE_THING_AT = re.compile(r"\bthe\s+[a-z]+\s+(?:in|at|of|near|from)\s+(?:the\s+)?$", re.I)


def unnamed_holder(text: str, framing: list[tuple[int, int]], m: Mentioned) -> bool:
    """Whether the numbers or dates a one-entity claim states belong to a thing it leaves unnamed
    ("X found a planet that has an absolute magnitude of 11.5", "the airport in X is 211 m above sea
    level"): the claim states a number or date, and names a thing by "a/an ..." or a pronoun, or
    by "the ... in/at/of" right before the entity. Read only when the entity's own facts hold none
    of them (the caller's order)."""
    body = outside(text, framing)
    rest = body[:m.start] + " " + body[m.end:]
    if not (claim_numbers(rest) or claim_dates(rest)):
        return False
    return bool(_SOME_THING.search(rest) or _THE_THING_AT.search(body[:m.start]))


def _names_the_pronoun(lead: str, rest: str) -> bool:
    """"He had a wife, Azim Premji.": a pronoun subject, and the name set off by a comma after a
    lower-case word closes the sentence (not "… of Richardton, North Dakota": one place's name)."""
    before = lead.rstrip()
    words = before[:-1].split()
    return bool(_PRONOUN.match(lead) and before.endswith(",") and words and words[-1][:1].islower()
                and not rest.strip(" .!?\"'”’"))


def through_unnamed(adapter, m: Mentioned, words, masked_text: str, label, absent=()) -> SubClaim:
    """The claim about an unnamed thing linked to ``m``: supported by a stated value or a named
    relation that one of the things around ``m`` holds, else unknown; contradicted when a name of
    ``absent`` (names a closed KG lacks as things) is no value of theirs either."""
    around = [t for t in adapter.neighbors([m.entity], direction="both", limit=MAX_AROUND) if not t.tail.is_literal]
    things = list(dict.fromkeys(t.tail for t in around))
    text = f"something linked to {m.entity.name}"
    if not things:
        return SubClaim(text, UNKNOWN, (), f"the KG links nothing to {m.entity.name}", (m.entity,))
    found, _, _, facts = stated_values(adapter, masked_text, [Mentioned(x, 0, 0, x.name) for x in things], label)
    lacking = names_not_held(list(absent), facts)
    if lacking:
        return SubClaim(f"{text} —linked to→ {lacking[0]}", CONTRADICTED, (), f"{lacking[0]} is not in the KG", (m.entity,))
    named = named_labels(words)
    states = bool(claim_numbers(masked_text) or claim_dates(masked_text))   # values the thing would hold
    held = [p.evidence[0][0].triples[0] for p in found] or \
        [t for t in facts if label(t.relation) in named and t.tail != m.entity and not states]
    t = None if held else _holds_towards(around, words, masked_text, label)
    if t is not None:        # the unnamed thing holds the named relation towards the entity
        return SubClaim(text, SUPPORTED, ((Path((t,)), True),),
                        f"the KG has {t.tail.name} {label(t.relation)} {m.entity.name}", (m.entity, t.tail))
    if not held:
        return SubClaim(text, UNKNOWN, (), f"nothing linked to {m.entity.name} holds what the claim says", (m.entity,))
    t = held[0]
    link = next(h for h in around if h.tail == t.head)
    return SubClaim(text, SUPPORTED, ((Path((link, t)), True),),
                    f"the KG has {t.head.name} {label(t.relation)} {t.tail.name}, linked to {m.entity.name}",
                    (m.entity, t.head))


def _holds_towards(around, words, masked_text: str, label):
    """The hop by which a thing around the entity holds the relation the claim names towards it ("He
    was the prime minister X": something has *prime minister* X): only for a claim stating no
    number or date (those would be the thing's own facts) whose every clearly named word names it."""
    clear = [w for w in words if w.strength >= CLEAR]
    if not clear or claim_numbers(masked_text) or claim_dates(masked_text):
        return None
    return next((t for t in around if t.relation.inverse and all(label(t.relation) in w.labels for w in clear)), None)

"""A two-hop chain read hop by hop against the two halves of a question that nests its topic.

"When were *the missions to X* launched?" asks two things: the noun phrase around the topic names the
first hop (``destination (reverse)``: the missions to X) and the rest of the question, with that phrase
put back as the topic, names the second ("When were X launched?": ``launch year``). Compared with the
whole question, neither hop stands out and no view recognised the chain. Compared half by half, each
hop is the relation the KG offers for its half: the first among the relations the topic holds, the
second among those the first hop's ends hold (less the way back), each scoring at least ``meaning_min``
with the ``RelationMatcher``; the first hop the best of the topic's relations, the second within the
matcher's ``margin`` of the best relation compared. In the outer half,
a label the asked noun heads with a modifier ("in which *city* is X": ``capital city``) names the
answer's kind, not a relation, and relations that cannot give the kind of answer asked for ("*when*
was X founded": ``founded by``) are no rivals; both are left out of the comparison there.

Only where nothing else recognised a two-hop chain, no trained prior of the KG speaks and the KG has at
most ``outside_max_relations`` relations (``nested_hops``; docs/abstention.md). The halves come from
the question's English (``methods/frag/bridges.nest_halves``), the relations from the KG; no relation of
any KG is named here. The checks after recognition (a relation the KG lacks, the kind of answer) still
apply."""
from __future__ import annotations

import re
from typing import Mapping, Sequence

from ..linking.topics import MASK
from ..meaning import without_direction
from ..meaning.lexicon import content_words
from .asked_kind import asked_noun, chain_ends, headed_by

__all__ = ["NestedHops", "halves", "meant_in", "kind_labels"]

_WORD = r"[A-Za-z][\w\-]*"
# "the university X attended", "a film X starred in": an article's noun, the topic, then the clause's verb
# (and its preposition), after the words that ask: the noun phrase is what the rest is asked of
_REDUCED = re.compile(rf"\b(?:the|a|an) (?:{_WORD} ){{0,2}}?{_WORD} {MASK} {_WORD}(?: (?:to|at|in|for|from|with|on|about|by))?\b")


def halves(masked: str) -> tuple[str, str] | None:
    """(the noun phrase around the topic, the rest of the question about it), each with the mask; None
    where the question does not nest its topic. Besides ``nest_halves``' phrases, a relative clause with
    no pronoun: "when was *the university X attended* founded" (``_REDUCED``)."""
    from .frag.bridges import nest_halves     # imported here: frag imports this package
    found = nest_halves(masked)
    if found is not None:
        return found
    m = _REDUCED.search(masked)
    if m is None:
        return None
    outer = f"{masked[:m.start()]}{MASK}{masked[m.end():]}".strip()
    return (m.group(0), outer) if m.start() > 0 else None


def kind_labels(question: str, names: Mapping[str, Sequence[str]]) -> set[str]:
    """The relations whose label is the question's asked noun as head word with a modifier ("which *city*"
    and ``capital city``): their values are the kind asked for, a narrower relation the noun alone does not
    name. A label that is the noun itself ("what *products*" and ``product``) is named by it and stays."""
    noun = asked_noun(question)
    if not noun:
        return set()
    return {r for r in names if len(content_words(without_direction(r))) > 1
            and headed_by(without_direction(r), noun)}


def meant_in(matcher, text: str, hop: str, names: Mapping[str, Sequence[str]], floor: float,
             left_out: set[str] = frozenset(), margin: float | None = None) -> float | None:
    """The matcher's score of ``hop`` (either direction) for ``text`` when it is at least ``floor`` and
    within ``margin`` (default: the matcher's own) of the best of the relations compared (``names``:
    relation -> its names; those in ``left_out`` are not compared), else None."""
    margin = matcher.options.margin if margin is None else margin
    own = without_direction(hop)
    hop_names = tuple(names.get(hop) or names.get(own) or (own,))
    compared = {r: ns for r, ns in names.items() if r not in left_out and without_direction(r) != own}
    scores = dict(matcher.rank(text, {**compared, own: hop_names}))
    score = scores[own]
    return score if score >= floor and score >= max(scores.values()) - margin else None


class NestedHops:
    """Mixed into ``RelationMatch``: needs its ``options``, ``matcher``, ``kinds``, ``_names()`` and
    ``few_relations()``."""

    def _hop_by_hop(self, masked: str, relation_texts: Sequence[str], parts: dict, topics: Sequence = (),
                    chain: Sequence = (), unfit: frozenset[str] = frozenset()) -> bool:
        """A two-hop chain whose first hop is meant by the noun phrase around the topic and whose second is
        meant by the rest of the question (module docstring), each among the relations the KG offers at
        that step (``_offered``); ``unfit`` (relations that cannot give the kind of answer asked for,
        ``methods/kind_fit.py``: "*when* was X founded" and ``founded by``) are no rivals of the last hop.
        Records ``parts["hop_by_hop"]``."""
        if not self.options.nested_hops or len(relation_texts) != 2 or self.matcher is None \
                or "prior" in parts or not self.few_relations():
            return False
        split = halves(masked)
        if split is None:
            return False
        inner, outer = split
        names = self._names()
        floor = self.options.meaning_min
        # the first hop must be the topic's best: a first hop merely near it walks to another kind of entity,
        # whose own relations the outer half is then compared with ("who founded the museum that holds X")
        first = meant_in(self.matcher, inner, relation_texts[0], self._offered(names, topics), floor, margin=0.0)
        if first is None:
            return False
        bridge = self._offered(names, chain_ends(self.kinds.adapter, topics, chain[:1])) \
            if self.kinds is not None and topics and chain else names
        back = {r for r in names if without_direction(r) in {without_direction(relation_texts[0]),
                                                             *(without_direction(u) for u in unfit)}}
        last = meant_in(self.matcher, outer, relation_texts[1], bridge, floor, kind_labels(outer, names) | back)
        if last is None:
            return False
        parts["hop_by_hop"] = round(min(first, last), 4)
        return True

    def _offered(self, names: Mapping[str, Sequence[str]], entities: Sequence) -> Mapping[str, Sequence[str]]:
        """The relations of ``names`` that ``entities`` hold, either direction (all where none is read)."""
        if self.kinds is None or not entities:
            return names
        held = {without_direction(h) for h in self.kinds.held(list(entities))}
        return {r: ns for r, ns in names.items() if without_direction(r) in held} or names

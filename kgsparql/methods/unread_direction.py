"""Two readings where no word of the question names the chain's relation (alignment 0) and only the
meaning view, which reads a relation's names without its direction, recognised it (docs/abstention.md,
"Who, backwards, and how many of what"):

- **"Who" about the topic as subject, answered backwards along one relation** (``backward_person``):
  "who was Achebe married to" along ``author (reverse)`` reaches his novels, "who is Hargrave married
  to" along ``designer (reverse)`` her games. A hop walked backwards gives the things that hold the
  topic as their value, the subjects of the relation; where the question makes the topic its own
  subject ("who *is X* married to", "whom *did X* marry", "who is *X's* wife"), "who" asks for the
  relation's value, not its subject. No view has read the direction: no word names the relation and the
  meaning view scores a relation's names the same either way. The topic after the verb ("who works
  for X" along ``employer (reverse)``: the answers are the subjects), a hop walked forwards ("who
  invented X" along ``created by``) or a word naming the relation stays answered.
- **A count of entities along a relation no word names** (``uncounted``): "how many pages does X
  have" along ``publisher`` counts one publisher. A count held as a number by the relation itself
  ("how many spectators can X hold" along ``capacity``) is the KG's own figure and not read here.

Both speak on a KG of at most ``outside_max_relations`` relations where no trained prior speaks, as the
other small-KG readings do. No relation or word of any KG is named: the question word (who, how many)
is English, the direction and the alignment are read from the KG and the question."""
from __future__ import annotations

import re
from typing import Mapping, Sequence

from ..meaning import question_shape, without_direction
from .agent_label import agent_for_place

__all__ = ["DirectionReadings", "backward_person", "topic_is_subject", "uncounted"]

# "who is X ...", "whom did the X ...": an auxiliary straight after the question word, then the topic
# (the masked mention, "x"); or the topic as a possessor ("X's wife")
_SUBJECT = re.compile(r"^\s*(?:who|whom)\s+(?:is|was|are|were|did|does|do|has|have|had)\s+(?:the\s+)?x\b"
                      r"|\bx(?:'s|’s|')(?:\s|$)", re.I)


def topic_is_subject(masked: str) -> bool:
    """The topic (masked as "x") is the question's subject or a possessor: "who was x married to",
    "whom did x marry", "who is x's wife"; not "who works for x", "who designed x"."""
    return bool(_SUBJECT.search(masked))


def backward_person(masked: str, chain: Sequence, parts: Mapping) -> bool:
    """A "who" question about the topic as its subject (``topic_is_subject``) answered along one hop
    walked backwards that only the meaning view recognised, no word of the question naming it
    (alignment 0) and no trained prior speaking."""
    backwards = len(chain) == 1 and bool(getattr(chain[0], "inverse", False))
    return backwards and "prior" not in parts and parts.get("alignment", 0.0) <= 0.0 \
        and question_shape(masked).answer == "person" and topic_is_subject(masked)


def uncounted(match: Mapping | None) -> bool:
    """The counted question's chain (``plan["match"]`` of the question without its count) was
    recognised by the meaning view alone, no word naming it (alignment 0) and no trained prior speaking."""
    if not match:
        return False
    return list(match.get("recognised", ())) == ["meaning"] and match.get("alignment", 0.0) <= 0.0 \
        and "prior" not in match


class DirectionReadings:
    """Mixed into ``RelationMatch``: needs its ``options`` and ``few_relations()``."""

    def _backward_person(self, masked: str, chain: Sequence, parts: dict) -> bool:
        """``unread_direction.backward_person`` on a small KG (option ``backward_person``); records it."""
        if not (self.options.backward_person and self.few_relations() and backward_person(masked, chain, parts)):
            return False
        parts["backward_person"] = 1.0
        return True

    def _agent_for_place(self, masked: str, hops: Sequence[str], chain: Sequence, parts: dict, kind_fit) -> bool:
        """``agent_label.agent_for_place`` on a small KG (option ``agent_for_place``); records it."""
        if not (self.options.agent_for_place and self.few_relations()
                and agent_for_place(masked, [without_direction(h) for h in hops], chain, parts, kind_fit)):
            return False
        parts["agent_for_place"] = 1.0
        return True

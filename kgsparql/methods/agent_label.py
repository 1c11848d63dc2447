"""A "where" question answered with the agent of a "<verb> by" relation: "where was Fluorine
discovered" along ``discovered by`` reaches Henri Moissan, who discovered it, not where. English puts the
doer after "by" (``painted by``, ``founded by``, ``recorded by``): walked forwards, such a relation's values
say who, not where. Only where the ends also read closer to a person than to a place (``KindFit.fit``
below 1): "where is Lesotho" along ``surrounded by`` reaches South Africa, a place, and is kept. Read
from the shape of the KG's own label and the question's first words; no relation of any KG is named.
Used on a KG of at most ``outside_max_relations`` relations with no trained prior (docs/abstention.md,
"Who, backwards, and how many of what")."""
from __future__ import annotations

import re
from typing import Callable, Mapping, Sequence

from ..meaning import question_shape

__all__ = ["agent_for_place"]

_AGENT_LABEL = re.compile(r"^[a-z]+\s+by$", re.I)


def asks_place(masked: str) -> bool:
    """The question asks where, read from its first four words ("where was x discovered"; not "who founded
    the museum where x hangs")."""
    return question_shape(" ".join(masked.split()[:4])).answer == "place"


def agent_for_place(masked: str, hops: Sequence[str], chain: Sequence, parts: Mapping,
                    kind_fit: Callable[[], float] | None) -> bool:
    """One hop walked forwards along a "<verb> by" label, to a "where" question, its ends reading as no
    place (``kind_fit()``, the place fit of the ends: below 1 they read closer to a person)."""
    if len(hops) != 1 or len(chain) != 1 or getattr(chain[0], "inverse", False) or kind_fit is None:
        return False
    if "prior" in parts or not _AGENT_LABEL.match(hops[0].strip()) or not asks_place(masked):
        return False
    return kind_fit() < 1.0

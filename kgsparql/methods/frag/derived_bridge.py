"""A topic named in a derived form ("*German* designers", "climbed by *Austrians*", "an *Italian*
dish"): the word says "of / from X" without naming how, so the question names every hop of its chain
but the first. That first hop is fixed by the KG where it is the only way from the topic to the hops
the question does name (``designer`` from *Germany*: only through ``citizen of``), the mirror of
``bridges.bridged``, which fixes an unnamed hop in the middle of a nested phrase. The derived form is
read by English morphology (``linking.matching.base_forms``), never from a list of demonyms."""
from __future__ import annotations

import re
from typing import Sequence

from ...linking.matching import base_forms
from ...meaning import without_direction

__all__ = ["derived_mention", "first_bridged"]


def derived_mention(question: str, label: str) -> bool:
    """Does the question name the one-word ``label`` only in a derived form (``Austrians``, ``German``
    for *Austria*, *Germany*), never as written?"""
    name = label.casefold()
    if not name.isalpha():
        return False
    words = re.findall(r"[^\W\d_]+", question.casefold())
    return name not in words and any(name in base_forms(w) for w in words if w != name)


def first_bridged(best: Sequence, candidates: Sequence, verbalize, named: set[str]) -> bool:
    """``best`` has two or more hops, the question names every hop but the first word for word
    (``named``: the KG labels its words name), and the candidates reach those hops only through
    ``best``'s first hop."""
    if len(best) < 2 or any(without_direction(verbalize(r)) not in named for r in best[1:]):
        return False
    rest = tuple(r.key() for r in best[1:])
    ways = {c[0].key() for c in candidates if len(c) == len(best) and tuple(r.key() for r in c[1:]) == rest}
    return ways == {best[0].key()}

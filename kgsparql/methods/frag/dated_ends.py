"""A "who" question is not answered by dated events. "Who did the Cleveland Cavaliers draft" reaches
*2003 NBA draft* and the players through the same draft-pick node; "who won the FedEx Cup 2012"
reaches *2012 PGA Tour* and the winner. When every end of the best chain writes a year (a year, a
date, or an event named by its year) and a chain close behind it reaches ends that write none, the
question's "who" chooses that one. The answer's kind is read from the question's wh-word
(``meaning.question_shape``) and the ends' own labels; no relation of any KG is named here."""
from __future__ import annotations

import re
from typing import Sequence

from ...meaning import question_shape

__all__ = ["undated_first", "all_dated", "dated_labels"]

_YEAR = re.compile(r"(?<!\d)\d{4}(?!\d)")


def _dated(ends) -> bool | None:
    """Every end writes a year (True), none does (False), or there are no ends or a mix (None)."""
    names = [e.name or "" for e in ends]
    if not names:
        return None
    dated = [bool(_YEAR.search(n)) for n in names]
    return True if all(dated) else False if not any(dated) else None


def all_dated(groups: dict, chain: tuple) -> bool:
    """Every end ``chain`` reaches in the subgraph writes a year (``groups``: chain -> its paths)."""
    return _dated({p.end for p in groups.get(chain, ())}) is True


def dated_labels(groups: dict, chosen: tuple, verbalize) -> frozenset[str]:
    """The last hops' words of the chains whose every end writes a year, where ``chosen`` reaches ends
    that write none: to a question asking for a kind of thing no date is ("which *label* released X"),
    a word naming one of them ("released" and ``release year``) names no rival of ``chosen``."""
    if _dated({p.end for p in groups.get(chosen, ())}) is not False:
        return frozenset()
    own = {verbalize(r) for r in chosen}
    return frozenset(verbalize(c[-1]) for c in groups if all_dated(groups, c)) - own


def undated_first(question: str, ranked: Sequence[tuple[tuple, float]], groups: dict,
                  depth: int = 3, min_share: float = 0.5, undated_kind: bool = False) -> list[tuple[tuple, float]]:
    """``ranked`` (chain, score) best first, with the first chain among the next ``depth`` whose ends
    write no year (and that scores at least ``min_share`` of the best) moved to the front, when the
    question asks "who" (or ``undated_kind``: it asks for a kind of thing no date is, "which *airlines*
    fly X") and every end of the best chain writes a year. ``groups``: chain -> its paths in the
    subgraph (their ends are read; a chain without paths is left where it is)."""
    ranked = list(ranked)
    if len(ranked) < 2 or not (undated_kind or question_shape(question).answer == "person"):
        return ranked
    ends = lambda chain: {p.end for p in groups.get(chain, ())}
    if _dated(ends(ranked[0][0])) is not True:
        return ranked
    top = ranked[0][1]
    at = next((i for i, (c, s) in enumerate(ranked[1:depth + 1], 1)
               if s >= min_share * top and _dated(ends(c)) is False), None)
    if at is not None:
        ranked.insert(0, ranked.pop(at))
    return ranked

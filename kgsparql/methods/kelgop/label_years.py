"""The year a candidate's own label writes, for a comparison the KG holds no number or date for.

Events are often named by their year ("2014 World Series", "1998 FIFA World Cup", "2012 Summer
Olympics"): when none of the candidates has a dated fact, but each label writes exactly one year and
the years differ, "the last World Series X won" can still be compared. Only then: a label without a
year, or with two, leaves the candidates unordered as before."""
from __future__ import annotations

import re
from typing import Sequence

from ...types import Entity
from .lexicon import direction

__all__ = ["label_years", "latest_by_label", "filter_by_label", "LABEL_YEAR"]

LABEL_YEAR = "the year in the label"
_YEAR = re.compile(r"(?<![\d.,])(1[5-9]\d\d|20\d\d)(?![\d.,]\d)")
_KEEP = {"gt": lambda y, v: y > v, "ge": lambda y, v: y >= v, "lt": lambda y, v: y < v,
         "le": lambda y, v: y <= v, "eq": lambda y, v: y == v}


def label_years(entities: Sequence[Entity]) -> dict[Entity, int]:
    """Each candidate's year when every label writes exactly one and they are not all the same; else
    empty (the labels say nothing to compare on)."""
    out: dict[Entity, int] = {}
    for entity in dict.fromkeys(entities):
        years = _YEAR.findall(entity.name or "")
        if len(years) != 1:
            return {}
        out[entity] = int(years[0])
    return out if len(set(out.values())) > 1 else {}


def latest_by_label(entities: Sequence[Entity], word: str) -> tuple[list[Entity], str, dict[Entity, int]]:
    """The candidates whose label year is the extreme the superlative or comparison ``word`` asks for
    (ties kept), the op, and the years; no winners when the labels hold no years to compare."""
    years = label_years(entities)
    if not years:
        return [], "", {}
    op = "arg" + direction(word, True)
    best = (max if op == "argmax" else min)(years.values())
    return [e for e, y in years.items() if y == best], op, years


def filter_by_label(entities: Sequence[Entity], cue: tuple) -> tuple[list[Entity], str, dict[Entity, int]]:
    """The candidates whose label year compares with the question's value (``cue`` = (op, v[, v2]))."""
    years = label_years(entities)
    if not years:
        return [], "", {}
    op, *values = cue
    if op == "between":
        kept = [e for e, y in years.items() if values[0] <= y <= values[1]]
        return kept, f"between {values[0]} and {values[1]}", years
    return [e for e, y in years.items() if _KEEP[op](y, values[0])], f"{op} {values[0]}", years

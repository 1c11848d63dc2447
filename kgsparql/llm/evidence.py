"""Evidence as the prompts expect it: paths and facts verbalised into one line each.

A path reads from the question entity to its end, one arrow per hop: ``->`` when the hop follows
the stored direction, ``<-`` when it goes against it (``Relation.inverse``):

    Kismet -> directed by -> William Dieterle
    Sofia Coppola <- directed by <- Lost in Translation -> release year -> 2003

``relation_text`` turns a relation into words; pass the adapter's ``verbalize`` so KG-specific
names read well (the default uses the relation's label or local name, underscores as spaces)."""
from __future__ import annotations

from typing import Callable, Iterable

from ..types import Entity, Path, Relation, Triple

__all__ = ["verbalize", "verbalize_path", "verbalize_paths", "verbalize_fact", "relation_words"]


def relation_words(relation: Relation) -> str:
    return relation.name.replace("_", " ").strip()


def verbalize_path(path: Path, relation_text: Callable[[Relation], str] = relation_words) -> str:
    if not path.triples:
        return ""
    parts = [path.start.name]
    for hop in path.triples:
        words = relation_text(hop.relation)
        parts += [f"<- {words} <-" if hop.relation.inverse else f"-> {words} ->", hop.tail.name]
    return " ".join(parts)


def verbalize_fact(triple: Triple, relation_text: Callable[[Relation], str] = relation_words) -> str:
    """One hop in stored KG order: ``Kismet directed by William Dieterle``."""
    subject, relation, obj = triple.fact()
    return f"{subject.name} {relation_text(relation)} {obj.name}"


def verbalize_paths(paths: Iterable[Path], relation_text: Callable[[Relation], str] = relation_words) -> list[str]:
    return [verbalize_path(p, relation_text) for p in paths]


def verbalize(item: object) -> str:
    """The ``verbalize`` filter of prompt templates: a ``Path`` or ``Triple`` in words (default
    relation words), an ``Entity`` by name, a string as it is."""
    if isinstance(item, Path):
        return verbalize_path(item)
    if isinstance(item, Triple):
        return verbalize_fact(item)
    if isinstance(item, Entity):
        return item.name
    return str(item)

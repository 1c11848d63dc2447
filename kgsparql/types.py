"""Core value types: the graph vocabulary methods speak (Entity, Relation, Triple, Path, Answer) over
the RDF terms of ``kgsparql.terms``, re-exported here.

All are frozen, hashable and JSON-serialisable through ``to_json``."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .answer import Answer
from .terms import XSD, BlankNode, IRI, Literal, Term

__all__ = ["IRI", "Literal", "BlankNode", "Term", "Entity", "Relation", "Triple", "Path", "Answer",
           "XSD"]


@dataclass(frozen=True, slots=True)
class Entity:
    """A graph node: an IRI (or literal / blank node) with its human label when known."""

    term: Term
    label: str | None = None

    @classmethod
    def iri(cls, iri: str, label: str | None = None) -> "Entity":
        return cls(IRI(iri), label)

    @property
    def id(self) -> str:
        return str(self.term) if not isinstance(self.term, BlankNode) else f"_:{self.term.id}"

    @property
    def is_literal(self) -> bool:
        return isinstance(self.term, Literal)

    @property
    def name(self) -> str:
        """What a person should read: the label, else the literal value, else the IRI."""
        if self.label is not None:
            return self.label
        return str(self.term)

    def __eq__(self, other: object) -> bool:  # identity is the term; labels are decoration
        return isinstance(other, Entity) and other.term == self.term

    def __hash__(self) -> int:
        return hash(self.term)

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "label": self.name}


@dataclass(frozen=True, slots=True)
class Relation:
    """A predicate, traversed forwards or backwards. ``via`` makes it a compound hop through an
    intermediate node (Freebase CVT, Wikidata statement): head -iri-> [node] -via-> tail. A ``star``
    hop joins two things that the node's edges both point at (a CVT without an entry edge from
    either): head <-iri- [node] -via-> tail; reversed, the two legs swap ends. A ``sink`` hop joins two
    things that both point at the node (a CVT that neither leaves): head -iri-> [node] <-via- tail;
    reversed, the legs swap ends too."""

    iri: str
    label: str | None = None
    inverse: bool = False
    via: str | None = None
    star: bool = False
    sink: bool = False

    @property
    def name(self) -> str:
        return self.label or self.iri.rsplit("/", 1)[-1].rsplit("#", 1)[-1]

    def reversed(self) -> "Relation":
        return Relation(self.iri, self.label, not self.inverse, self.via, self.star, self.sink)

    def key(self) -> tuple:
        """(iri, via, inverse), with a fourth item ``"star"`` / ``"sink"`` for a star / sink hop only."""
        shape = "star" if self.star else "sink" if self.sink else None
        return (self.iri, self.via, self.inverse, shape) if shape else (self.iri, self.via, self.inverse)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Relation) and other.key() == self.key()

    def __hash__(self) -> int:
        return hash(self.key())

    def to_json(self) -> str:
        return ("~" if self.inverse else "") + self.name


@dataclass(frozen=True, slots=True)
class Triple:
    """One hop in traversal order: ``head`` is where we came from, ``tail`` where we went. When
    ``relation.inverse`` the stored KG fact is (tail, relation, head); ``fact()`` gives that order."""

    head: Entity
    relation: Relation
    tail: Entity

    def fact(self) -> tuple[Entity, Relation, Entity]:
        if self.relation.inverse:
            return (self.tail, self.relation, self.head)
        return (self.head, self.relation, self.tail)

    def to_json(self) -> list[str]:
        s, r, o = self.fact()
        return [s.name, r.name, o.name]


@dataclass(frozen=True, slots=True)
class Path:
    triples: tuple[Triple, ...] = ()

    @property
    def start(self) -> Entity | None:
        return self.triples[0].head if self.triples else None

    @property
    def end(self) -> Entity | None:
        return self.triples[-1].tail if self.triples else None

    @property
    def relations(self) -> tuple[Relation, ...]:
        return tuple(t.relation for t in self.triples)

    @property
    def entities(self) -> tuple[Entity, ...]:
        if not self.triples:
            return ()
        return (self.triples[0].head, *(t.tail for t in self.triples))

    def __len__(self) -> int:
        return len(self.triples)

    def extend(self, triple: Triple) -> "Path":
        return Path(self.triples + (triple,))

    def to_json(self) -> list[list[str]]:
        return [t.to_json() for t in self.triples]

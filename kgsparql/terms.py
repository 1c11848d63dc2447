"""RDF terms as kgsparql passes them around: IRIs, literals and blank nodes, frozen and hashable.
``kgsparql.types`` re-exports them beside the graph vocabulary built on them."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Union

__all__ = ["IRI", "Literal", "BlankNode", "Term", "XSD"]

XSD = "http://www.w3.org/2001/XMLSchema#"


@dataclass(frozen=True, slots=True)
class IRI:
    value: str

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True, slots=True)
class Literal:
    value: str
    datatype: str | None = None
    lang: str | None = None

    def __str__(self) -> str:
        return self.value

    def to_python(self) -> Any:
        """Numbers become int/float, everything else stays a string."""
        dt = (self.datatype or "").removeprefix(XSD)
        try:
            if dt in ("integer", "int", "long", "short", "nonNegativeInteger", "gYear"):
                return int(self.value)
            if dt in ("decimal", "double", "float"):
                return float(self.value)
        except ValueError:
            pass
        return self.value


@dataclass(frozen=True, slots=True)
class BlankNode:
    id: str

    def __str__(self) -> str:
        return f"_:{self.id}"


Term = Union[IRI, Literal, BlankNode]

"""Convert ``head|relation|tail`` (MetaQA) and ``head<TAB>relation<TAB>tail`` (PathQuestion, WC2014,
any TSV) triples into N-Triples. IRIs are minted under one base: ``<base>e/<percent-encoded label>``
for entities and ``<base>r/<name>`` for relations, so they are stable across loads and readable.
The exact original string is kept as ``rdfs:label`` (case-sensitive: ``Judd Apatow`` the person and
``judd apatow`` the tag stay two nodes). Tails that are years or numbers stay entity nodes (so paths
through them keep working) and get an ``rdf:value`` typed literal beside them (xsd:gYear for years
under a *year*/*date* relation, xsd:integer, xsd:decimal) so that aggregation compares numbers."""
from __future__ import annotations

import re
from typing import Iterable, Iterator
from urllib.parse import quote

import pyoxigraph

from ..errors import InputError
from ..types import XSD

__all__ = ["TripleConverter", "entity_iri", "relation_iri"]

RDFS_LABEL = str(pyoxigraph.NamedNode("http://www.w3.org/2000/01/rdf-schema#label"))
RDF_VALUE = str(pyoxigraph.NamedNode("http://www.w3.org/1999/02/22-rdf-syntax-ns#value"))
_INT = re.compile(r"^-?\d+$")
_DEC = re.compile(r"^-?\d+\.\d+$")
_YEAR = re.compile(r"^\d{4}$")


def entity_iri(base: str, label: str) -> str:
    return f"{base}e/{quote(label, safe='')}"


def relation_iri(base: str, name: str) -> str:
    return f"{base}r/{quote(name, safe='')}"


def typed_value(relation: str, value: str) -> pyoxigraph.Literal | None:
    """The typed literal for a numeric tail, or None when the tail is not a number."""
    rel = relation.lower()
    if _YEAR.match(value) and ("year" in rel or "date" in rel):
        return pyoxigraph.Literal(value, datatype=pyoxigraph.NamedNode(XSD + "gYear"))
    if _INT.match(value):
        return pyoxigraph.Literal(value, datatype=pyoxigraph.NamedNode(XSD + "integer"))
    if _DEC.match(value):
        return pyoxigraph.Literal(value, datatype=pyoxigraph.NamedNode(XSD + "decimal"))
    return None


class TripleConverter:
    """Streams N-Triples lines for delimited triple files; remembers what it has labelled already."""

    def __init__(self, base_iri: str):
        try:
            pyoxigraph.NamedNode(base_iri + "e/x")
        except ValueError:
            raise InputError(f"--base-iri {base_iri!r} is not an absolute IRI") from None
        if not base_iri.endswith(("/", "#")):
            base_iri += "/"
        self.base = base_iri
        self._nodes: dict[str, str] = {}
        self._rels: dict[str, str] = {}
        self._typed: set[str] = set()
        self.triples = 0

    def _mint(self, cache: dict[str, str], iri: str, label: str, out: list[str]) -> str:
        """The N-Triples IRI for ``label``; the first time, also its rdfs:label triple."""
        term = cache.get(label)
        if term is None:
            term = cache[label] = str(pyoxigraph.NamedNode(iri))
            out.append(f"{term} {RDFS_LABEL} {pyoxigraph.Literal(label)} .\n")
        return term

    def convert(self, lines: Iterable[str], sep: str, source: str = "input") -> Iterator[str]:
        for lineno, line in enumerate(lines, 1):
            line = line.rstrip("\r\n")
            if not line.strip() or line.startswith("#"):
                continue
            parts = line.split(sep)
            if len(parts) != 3 or not all(p.strip() for p in parts):
                raise InputError(f"{source}:{lineno}: expected 'head{sep}relation{sep}tail', got {line[:80]!r}")
            head, rel, tail = (p.strip() for p in parts)
            out: list[str] = []
            h = self._mint(self._nodes, entity_iri(self.base, head), head, out)
            r = self._mint(self._rels, relation_iri(self.base, rel), rel, out)
            t = self._mint(self._nodes, entity_iri(self.base, tail), tail, out)
            out.append(f"{h} {r} {t} .\n")
            if tail not in self._typed and (lit := typed_value(rel, tail)) is not None:
                self._typed.add(tail)
                out.append(f"{t} {RDF_VALUE} {lit} .\n")
            self.triples += 1
            yield "".join(out)

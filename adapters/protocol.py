"""The Adapter protocol: what linking, retrieval, the methods and the verifiers call on a KG schema,
with the small value types it returns. ``SparqlAdapter`` (``adapters.base``) implements it from
``.rq`` files."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol, Sequence, runtime_checkable

from kgsparql.endpoints.base import Endpoint, Rows
from kgsparql.registry import PluginContext
from kgsparql.types import Entity, Literal, Path, Relation, Term, Triple

from .aggregate import AggregateRow

__all__ = ["Adapter", "AdapterContext", "RelationCount"]


@dataclass(frozen=True, slots=True)
class RelationCount:
    entity: Entity
    relation: Relation
    count: int


@dataclass(frozen=True, kw_only=True)
class AdapterContext(PluginContext):
    """An adapter's context: the endpoint it renders its templates against."""

    endpoint: Endpoint


@runtime_checkable
class Adapter(Protocol):
    """What linking, retrieval, the methods and the verifiers call. ``SparqlAdapter`` implements all
    of it from ``.rq`` files; an adapter that is not a ``SparqlAdapter`` implements these members."""

    name: str
    endpoint: Endpoint               # read by methods only to key their caches (kgfr), never queried
    queries: str                     # the folder of .rq templates (``queries/<name>/``)

    def run(self, step: str, bindings=None, limit: int | None = None) -> Rows: ...
    def label_forms(self, label: str) -> list[Literal]: ...
    def make_relation(self, p: Term, inverse: bool, via: Term | None = None, star: bool = False,
                      sink: bool = False) -> Relation: ...
    def labels(self, entities: Sequence[Entity]) -> dict[Entity, str]: ...
    def lookup(self, label: str, limit: int = 10) -> list[Entity]: ...
    def relations(self, entities: Sequence[Entity], direction: str = "out") -> list[RelationCount]: ...
    def neighbors(self, entities: Sequence[Entity], relation: Relation | None = None,
                  direction: str = "out", limit: int = 10_000) -> list[Triple]: ...
    def neighbors_among(self, entities: Sequence[Entity], relation: Relation, targets: Sequence[Entity],
                        limit: int = 10_000) -> list[Triple]: ...
    def expand_two_hop(self, entities: Sequence[Entity], direction: str = "out",
                       limit: int = 10_000) -> list[Path]: ...
    def paths(self, source: Entity, target: Entity, max_hops: int = 2, limit: int = 1000) -> list[Path]: ...
    def paths_from(self, source: Entity | Sequence[Entity], relation_path: Sequence[Relation],
                   limit: int = 10_000, walks: str = "simple") -> list[Path]: ...
    def aggregate(self, entities: Sequence[Entity], attribute: Relation, op: str,
                  value=None) -> list[AggregateRow]: ...
    def schema_relations(self) -> list[Relation]: ...
    def verbalize(self, relation: Relation) -> str: ...

"""Adapters: the only code that knows a KG's schema. Shipped as ``kgsparql.adapters``."""
from .base import Adapter, AggregateRow, RelationCount, SparqlAdapter

__all__ = ["Adapter", "SparqlAdapter", "RelationCount", "AggregateRow", "AGG_OPS"]

AGG_OPS = ("count", "max", "min", "argmax", "argmin", "sum", "avg", "gt", "ge", "lt", "le", "eq")

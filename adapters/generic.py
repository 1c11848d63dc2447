"""Plain RDF and KGs converted from TSV (MetaQA, PathQuestion, WC2014): rdfs:label, any predicate."""
from __future__ import annotations

from .base import SparqlAdapter

__all__ = ["GenericAdapter"]


class GenericAdapter(SparqlAdapter):
    name = "generic"
    queries = "generic"
    label_langs = ("", "en")
    label_variants = ("", "en")

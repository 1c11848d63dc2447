"""kgsparql: question answering and claim verification over knowledge graphs by retrieval-augmented
generation, where every retrieval step is a SPARQL query."""
from __future__ import annotations

from .api import Asker, Verifier, ask, open_kg, verify
from .config import Settings
from .errors import KGSparqlError
from .kg import KnowledgeGraph
from .stats import Stats, collect
from .types import IRI, Answer, BlankNode, Entity, Literal, Path, Relation, Triple

__all__ = ["Asker", "Verifier", "ask", "verify", "open_kg", "Settings", "KnowledgeGraph", "KGSparqlError", "Stats", "collect",
           "IRI", "Literal", "BlankNode", "Entity", "Relation", "Triple", "Path", "Answer", "__version__"]

__version__ = "0.1.0"

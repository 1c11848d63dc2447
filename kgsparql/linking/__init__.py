"""Entity linking: question text -> mentions -> scored candidate entities (see docs/linking.md)."""
from .given import given_topics
from .index import LabelIndex
from .linker import EntityLinker
from .result import Candidate, LinkResult, Mention

__all__ = ["given_topics", "EntityLinker", "LinkResult", "Mention", "Candidate", "LabelIndex"]

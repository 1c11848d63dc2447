"""Entity linking: question text -> mentions -> scored candidate entities (see docs/linking.md)."""
from .index import LabelIndex
from .linker import EntityLinker
from .result import Candidate, LinkResult, Mention

__all__ = ["EntityLinker", "LinkResult", "Mention", "Candidate", "LabelIndex"]

"""The ranker protocol, the shared tokeniser and ``build_ranker`` (through the plugin registry)."""
from __future__ import annotations

import re
from typing import Protocol, runtime_checkable

from ..config import Settings
from ..errors import PluginError
from ..registry import load_plugin

__all__ = ["Ranker", "build_ranker", "tokenize", "STOPWORDS"]

_WORD = re.compile(r"[^\W_]+")


# Function words that carry no meaning for matching questions against relation labels or entity
# names ("in" must not pull "in language" up for "who acted in X").
STOPWORDS = frozenset("""
a an the of in on at to by for with from into about as and or but not no is are was were be been
being am has have had having do does did doing who whom whose what which when where why how that
this these those it its it's there their they them he she his her him i me my we our you your s t
""".split())


def tokenize(text: str, stopwords: bool = False) -> list[str]:
    """Lower-case words: split on anything that is not a letter or digit (``_`` included);
    ``stopwords=True`` also drops ``STOPWORDS``."""
    words = _WORD.findall(text.lower())
    return [w for w in words if w not in STOPWORDS] if stopwords else words


@runtime_checkable
class Ranker(Protocol):
    """Scores ``items`` against ``query``: one float per item, same order, higher is better."""

    def rank(self, query: str, items: list[str]) -> list[float]: ...


def build_ranker(name: str, settings: Settings | None = None) -> Ranker:
    """The ranker registered as ``name``, constructed with ``settings`` (options come from
    ``settings.plugin(name)``, e.g. ``[plugins.fusion] weight = 0.7``)."""
    cls = load_plugin("ranker", name)
    ranker = cls(settings or Settings())
    if not callable(getattr(ranker, "rank", None)):
        raise PluginError(f"ranker {name!r} has no rank(query, items) method")
    return ranker

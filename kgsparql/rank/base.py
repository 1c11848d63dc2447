"""The ranker protocol, the shared tokeniser, and ``Rankers``: rankers by name, created on first use
and shared by everything built from one context (a method, the linker, a composite ranker)."""
from __future__ import annotations

import re
import threading
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from ..config import Settings
from ..errors import PluginError
from ..loaded_models import Models
from ..registry import PluginContext, create

__all__ = ["Ranker", "RankerContext", "Rankers", "build_ranker", "tokenize", "STOPWORDS", "default_context",
           "stem", "stems", "type_words", "framing_words"]

_WORD = re.compile(r"[^\W_]+")


# Function words that carry no meaning for matching questions against relation labels or entity
# names ("in" must not pull "in language" up for "who acted in X").
STOPWORDS = frozenset("""
a an the of in on at to by for with from into about as and or but not no is are was were be been
being am has have had having do does did doing who whom whose what which when where why how that
this these those it its it's there their they them he she his her him i me my we our you your s t
up down out off over if
""".split())


def tokenize(text: str, stopwords: bool = False) -> list[str]:
    """Lower-case words: split on anything that is not a letter or digit (``_`` included);
    ``stopwords=True`` also drops ``STOPWORDS``."""
    words = _WORD.findall(text.lower())
    return [w for w in words if w not in STOPWORDS] if stopwords else words


_SUFFIX = re.compile(r"(?:ings?|ers?|ors?|ions?|ed|es|s|en)$")


def stem(word: str) -> str:
    """A deliberately crude stem: drop one common suffix, keep at most four letters
    (directed/director -> dire, starred/stars -> star, writer/written -> writ, acted/actors -> act)."""
    word = word.lower()
    if len(word) > 3:
        word = _SUFFIX.sub("", word) or word
    return word[:4]


# "which films ...", "what kind of movie ...", "how many actors ...", "the films that|which|directed by ...":
# the noun names the kind of entity asked about or passed through, not a relation
_TYPED = re.compile(r"\b(?:which|what|how many)\s+(?:other\s+|(?:kinds?|types?|sorts?)\s+of\s+)?([^\W_]+)"
                    r"|([^\W_]+)\s+(?=(?:that|which|whom?|where)\b)|([^\W_]+)\s+[^\W_]+(?:ed|en)\s+by\b")


_FRAMING = re.compile(r"\b(kinds?|types?|sorts?)\s+of\b")


def framing_words(text: str) -> set[str]:
    """"kind", "type", "sort" in "what kind of X": they frame the question and name no relation."""
    return {m.group(1) for m in _FRAMING.finditer(text.lower())}


def type_words(text: str) -> set[str]:
    """Words of ``text`` that name a kind of entity by their place in the question (after "which",
    "what kind of", "how many"; before a relative clause or "<verb>ed by")."""
    return {w for m in _TYPED.finditer(text.lower()) for w in m.groups() if w and w not in STOPWORDS}


def stems(text: str) -> set[str]:
    """The stems of ``text``'s content words."""
    return {stem(w) for w in tokenize(text, stopwords=True)}


@runtime_checkable
class Ranker(Protocol):
    """Scores ``items`` against ``query``: one float per item, same order, higher is better."""

    def rank(self, query: str, items: list[str]) -> list[float]: ...


@dataclass(frozen=True, kw_only=True)
class RankerContext(PluginContext):
    """A ranker's context: its options, the shared models, and the pool it belongs to (so a composite
    ranker such as ``fusion`` uses the same ``bm25`` and ``embedding`` as everyone else)."""

    rankers: "Rankers | None" = None

    def ranker(self, name: str) -> Ranker:
        pool = self.rankers if self.rankers is not None else Rankers(self.settings, self.models)
        return pool.get(name)


def default_context(name: str, ctx: RankerContext | None, options_cls) -> RankerContext:
    """``ctx``, or for ``Ranker()`` built by hand a context with default options."""
    if ctx is not None:
        return ctx
    return RankerContext(name=name, options=options_cls() if options_cls else None)


class Rankers:
    """``rankers.get("fusion")``: the ranker registered under that name, created once (with its
    ``[rankers.<name>]`` options checked) and shared."""

    def __init__(self, settings: Settings | None = None, models: Models | None = None):
        self.settings = settings or Settings()
        self.models = models if models is not None else Models()
        self._made: dict[str, Any] = {}
        self._lock = threading.RLock()

    def get(self, name: str) -> Ranker:
        with self._lock:
            if name not in self._made:
                ranker = create("ranker", name, self.settings, context=RankerContext, models=self.models,
                                rankers=self)
                if not callable(getattr(ranker, "rank", None)):
                    raise PluginError(f"ranker {name!r} has no rank(query, items) method")
                self._made[name] = ranker
            return self._made[name]


def build_ranker(name: str, settings: Settings | None = None, models: Models | None = None) -> Ranker:
    """One ranker, in a pool of its own (use ``Rankers`` to share rankers between components)."""
    return Rankers(settings, models).get(name)

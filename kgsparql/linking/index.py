"""``LabelIndex``: every entity label of a KG in memory, matched by exact, case-insensitive and loose
keys, with a BM25 fallback (rank-bm25) for names that do not match any key. Saved as one JSON file."""
from __future__ import annotations

import json
import math
import os
from collections import defaultdict
from pathlib import Path
from typing import Iterable

from rank_bm25 import BM25Okapi

from .text import content_words, key_of, loose_key

__all__ = ["LabelIndex", "FORMAT"]

FORMAT = 1


class LabelIndex:
    """Labels by key. ``entries[i] = (iri, label)``; ``keys`` map a key to entry numbers."""

    def __init__(self, entries: Iterable[tuple[str, str]], keys: list[str] | None = None,
                 loose: list[str] | None = None):
        self.entries = [(str(i), str(l)) for i, l in entries]
        self.keys = keys if keys is not None else [key_of(l) for _, l in self.entries]
        self.loose = loose if loose is not None else [loose_key(l) for _, l in self.entries]
        self.by_key = _group(self.keys)
        self.by_loose = _group(self.loose)
        self.max_tokens = max((k.count(" ") + 1 for k in self.keys), default=0)
        self._bm25: BM25Okapi | None = None
        self._postings: dict[str, list[int]] | None = None

    def __len__(self) -> int:
        return len(self.entries)

    def exact(self, key: str) -> list[int]:
        return self.by_key.get(key, [])

    def loosely(self, key: str) -> list[int]:
        return self.by_loose.get(key, [])

    def specificity(self, word: str) -> float:
        """How rarely ``word`` (a loose-key word) occurs in labels: log(1 + N / labels holding it)."""
        self._fuzzy_ready()
        return math.log1p(len(self.entries) / max(1, len(self._postings.get(word, ()))))

    def specificity_of_unique(self) -> float:
        """The specificity of a word that one label holds: the most a word can have."""
        return math.log1p(len(self.entries))

    # -- fuzzy ------------------------------------------------------------------------------------
    def _fuzzy_ready(self) -> None:
        if self._bm25 is None:
            docs = [doc.split() for doc in self.loose]
            self._postings = _postings(docs)
            self._bm25 = BM25Okapi([d or [""] for d in docs])

    def fuzzy(self, words: list[str], limit: int = 20) -> list[tuple[int, float]]:
        """Entries sharing a content word with ``words``, best BM25 first (index built on first use)."""
        query = [w for w in dict.fromkeys(loose_key(" ".join(content_words(words))).split())]
        if not query or not self.entries:
            return []
        self._fuzzy_ready()
        ids = sorted({i for w in query for i in self._postings.get(w, ())})
        if not ids:
            return []
        scores = self._bm25.get_batch_scores(query, ids)
        best = sorted(zip(ids, scores), key=lambda p: (-p[1], p[0]))
        return [(i, float(s)) for i, s in best[:limit] if s > 0]

    def holding(self, words: list[str]) -> list[int]:
        """Entries whose loose key holds every one of ``words`` (loose-key words)."""
        self._fuzzy_ready()
        sets = [self._postings.get(w, ()) for w in words]
        if not sets or not all(sets):
            return []
        found = set(min(sets, key=len))
        for other in sets:
            found.intersection_update(other)
        return sorted(found)

    # -- persistence ------------------------------------------------------------------------------
    def save(self, path: Path, source: dict) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".tmp{os.getpid()}")
        data = {"format": FORMAT, "source": source, "entries": self.entries, "keys": self.keys,
                "loose": self.loose}
        tmp.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
        os.replace(tmp, path)

    @classmethod
    def load(cls, path: Path) -> "LabelIndex | None":
        """The saved index, or None when the file is missing, unreadable or of another format."""
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            return None
        return cls(data["entries"], data["keys"], data["loose"])


def _group(keys: list[str]) -> dict[str, list[int]]:
    out: dict[str, list[int]] = defaultdict(list)
    for i, k in enumerate(keys):
        if k:
            out[k].append(i)
    return dict(out)


def _postings(docs: list[list[str]]) -> dict[str, list[int]]:
    out: dict[str, list[int]] = defaultdict(list)
    for i, doc in enumerate(docs):
        for w in set(doc):
            out[w].append(i)
    return dict(out)

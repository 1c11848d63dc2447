"""The MiniLM encoder run through ONNX Runtime: same weights, no torch at run time.

``OnnxSentenceModel(model_dir, onnx_path)`` tokenises with the ``tokenizers`` package and the model's
own ``tokenizer.json`` (truncated at the model's ``max_seq_length``, padded to the longest text of a
batch), runs the exported transformer, then pools and normalises as the model's sentence-transformers
modules say (``modules.json``, ``1_Pooling/config.json``): mean over non-padding tokens (or the CLS
token), then L2 normalisation when a ``Normalize`` module is listed. Texts are batched by length, as
sentence-transformers does, so short texts are not padded to a long one's length."""
from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Sequence

import numpy as np

from ..errors import PluginError

__all__ = ["OnnxSentenceModel", "SentenceConfig"]


class SentenceConfig:
    """What the model's sentence-transformers files say about length, pooling and normalisation."""

    def __init__(self, model_dir: Path):
        modules = _json(model_dir / "modules.json", [])
        types = {m.get("type", "").rsplit(".", 1)[-1]: m.get("path", "") for m in modules}
        self.normalize = "Normalize" in types
        pooling = _json(model_dir / types.get("Pooling", "1_Pooling") / "config.json", {})
        modes = [k for k, v in pooling.items() if k.startswith("pooling_mode") and v]
        if modes not in ([], ["pooling_mode_mean_tokens"], ["pooling_mode_cls_token"]):
            raise PluginError(f"the onnx encoder backend supports mean or CLS pooling, not {modes}")
        self.pooling = "cls" if modes == ["pooling_mode_cls_token"] else "mean"
        self.max_length = int(_json(model_dir / "sentence_bert_config.json", {}).get("max_seq_length", 512))


class OnnxSentenceModel:
    """``encode(texts, batch_size, normalize)``: sentence embeddings, float32, one row per text;
    L2-normalised when the model's modules say so or ``normalize`` is set."""

    def __init__(self, model_dir: str | Path, onnx_path: str | Path, *, threads: int | None = None):
        if threads:  # one thread means one: no tokenizer thread pool either (and no warning after a fork)
            os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
        import onnxruntime
        from tokenizers import Tokenizer

        model_dir = Path(model_dir)
        self.config = SentenceConfig(model_dir)
        self.tokenizer = Tokenizer.from_file(str(model_dir / "tokenizer.json"))
        self.tokenizer.enable_truncation(max_length=self.config.max_length)
        pad = self.tokenizer.token_to_id("[PAD]") or 0
        self.tokenizer.enable_padding(pad_id=pad, pad_token=self.tokenizer.id_to_token(pad) or "[PAD]")
        options = onnxruntime.SessionOptions()
        if threads:
            options.intra_op_num_threads = threads
            options.inter_op_num_threads = 1
        options.add_session_config_entry("session.intra_op.allow_spinning", "0")  # no busy-wait on shared cores
        self.session = onnxruntime.InferenceSession(str(onnx_path), options, providers=["CPUExecutionProvider"])
        self.inputs = {i.name for i in self.session.get_inputs()}

    def encode(self, texts: Sequence[str], batch_size: int = 64, normalize: bool = False) -> np.ndarray:
        out = np.empty((len(texts), 0), dtype=np.float32)
        order = sorted(range(len(texts)), key=lambda i: -len(texts[i]))
        for start in range(0, len(order), batch_size):
            chunk = order[start:start + batch_size]
            vectors = self._encode_batch([texts[i] for i in chunk], normalize or self.config.normalize)
            if out.shape[1] != vectors.shape[1]:
                out = np.empty((len(texts), vectors.shape[1]), dtype=np.float32)
            out[chunk] = vectors
        return out

    def _encode_batch(self, texts: list[str], normalize: bool) -> np.ndarray:
        encodings = self.tokenizer.encode_batch(texts)
        feed = {"input_ids": np.array([e.ids for e in encodings], dtype=np.int64),
                "attention_mask": np.array([e.attention_mask for e in encodings], dtype=np.int64),
                "token_type_ids": np.array([e.type_ids for e in encodings], dtype=np.int64)}
        hidden = self.session.run(None, {k: v for k, v in feed.items() if k in self.inputs})[0]
        if self.config.pooling == "cls":
            pooled = hidden[:, 0]
        else:
            mask = feed["attention_mask"][..., None].astype(np.float32)
            pooled = (hidden * mask).sum(axis=1) / np.clip(mask.sum(axis=1), 1e-9, None)
        if normalize:
            pooled = pooled / np.clip(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12, None)
        return pooled.astype(np.float32)


def _json(path: Path, default):
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return default
    except (OSError, ValueError) as exc:
        raise PluginError(f"cannot read {path}: {exc}") from None

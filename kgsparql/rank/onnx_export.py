"""Export a sentence-transformers model's transformer to ONNX, once, into the kgsparql cache.

The exported graph maps ``input_ids``, ``attention_mask`` and ``token_type_ids`` (batch x tokens,
int64) to ``last_hidden_state``; pooling and normalisation run in numpy (``onnx_encoder``), read from
the model's own sentence-transformers config. Only this path imports torch, transformers and onnx
(needed by ``torch.onnx.export``), and only when no cached export exists for the model's weights.
The file is written under a temporary name and renamed into place, so two processes exporting at
once each leave a whole file."""
from __future__ import annotations

import hashlib
import importlib.util
import os
import sys
import warnings
from pathlib import Path

from ..errors import PluginError

__all__ = ["cached_onnx", "export_onnx", "export_key", "INPUTS"]

INPUTS = ("input_ids", "attention_mask", "token_type_ids")
_VERSION = "1"  # bump when the export recipe changes: old cached files are then ignored


def export_key(model_dir: Path) -> str:
    """What identifies an export: the model's name, config and weight files (names, sizes, mtimes)."""
    digest = hashlib.sha256(_VERSION.encode())
    for path in sorted(model_dir.iterdir()):
        if path.is_file() and (path.suffix in {".json", ".safetensors", ".bin"}):
            stat = path.stat()
            digest.update(f"{path.name}:{stat.st_size}:{stat.st_mtime_ns};".encode())
    name = model_dir.parent.name if model_dir.name == "model" else model_dir.name
    return f"{name}-{digest.hexdigest()[:16]}"


def cached_onnx(model_dir: Path, cache_dir: Path) -> Path:
    """The ONNX file for ``model_dir`` under ``cache_dir``, exported on the first call."""
    target = cache_dir / f"{export_key(model_dir)}.onnx"
    if not target.exists():
        print(f"kgsparql: exporting {model_dir.name} to ONNX once (cached at {target})", file=sys.stderr)
        export_onnx(model_dir, target)
    return target


def export_onnx(model_dir: Path, target: Path) -> None:
    """Trace the model's transformer (eager attention, dynamic batch and length) into ``target``."""
    missing = [m for m in ("torch", "transformers", "onnx") if importlib.util.find_spec(m) is None]
    if missing:
        raise PluginError(f"exporting the encoder to ONNX needs {', '.join(missing)}: pip install 'kgsparql[embed]'")
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    import torch
    from transformers import AutoModel
    from transformers.utils import logging as hf_logging

    hf_logging.disable_progress_bar()
    bert = AutoModel.from_pretrained(str(model_dir), attn_implementation="eager").eval()
    ids = torch.tensor([[101, 2040, 2003, 102, 0], [101, 2040, 102, 0, 0]])
    sample = (ids, (ids > 0).long(), torch.zeros_like(ids))
    axes = {name: {0: "batch", 1: "tokens"} for name in (*INPUTS, "last_hidden_state")}
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    try:
        with torch.no_grad(), warnings.catch_warnings():
            warnings.simplefilter("ignore")  # tracer notes on shapes: the axes are declared dynamic
            torch.onnx.export(_HiddenStates(bert), sample, str(partial), input_names=list(INPUTS),
                              output_names=["last_hidden_state"], dynamic_axes=axes, opset_version=17,
                              dynamo=False)
        os.replace(partial, target)
    finally:
        partial.unlink(missing_ok=True)


def _HiddenStates(bert):
    """A module calling ``bert`` by keyword (positional order differs across transformers versions)."""
    import torch

    class HiddenStates(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.bert = bert

        def forward(self, input_ids, attention_mask, token_type_ids):
            return self.bert(input_ids=input_ids, attention_mask=attention_mask,
                             token_type_ids=token_type_ids).last_hidden_state

    return HiddenStates()

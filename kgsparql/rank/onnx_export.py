"""Export a sentence-transformers model's transformer to ONNX, once, into the kgsparql cache.

The exported graph maps ``input_ids``, ``attention_mask`` and ``token_type_ids`` (batch x tokens,
int64) to ``last_hidden_state``; pooling and normalisation run in numpy (``onnx_encoder``), read from
the model's own sentence-transformers config. Only this path imports torch, transformers and onnx
(needed by ``torch.onnx.export``), and only when no cached export exists for the model's weights.
The export is a folder ``<cache>/<key>/`` holding ``model.onnx`` (the graph) and ``model.onnx.data``
(the weights as ONNX external data, which ONNX Runtime maps instead of parsing: a session opens in
about 0.05 s instead of 0.2 s). It is written into a temporary folder and renamed into place, so two
processes exporting at once leave one whole export."""
from __future__ import annotations

import hashlib
import importlib.util
import os
import shutil
import sys
import warnings
from pathlib import Path

from ..errors import PluginError

__all__ = ["cached_onnx", "export_onnx", "export_key", "export_path", "INPUTS"]

INPUTS = ("input_ids", "attention_mask", "token_type_ids")
_VERSION = "2"  # bump when the export recipe changes: old cached files are then ignored


def export_key(model_dir: Path) -> str:
    """What identifies an export: the model's name, config and weight files (names, sizes, mtimes)."""
    digest = hashlib.sha256(_VERSION.encode())
    for path in sorted(model_dir.iterdir()):
        if path.is_file() and (path.suffix in {".json", ".safetensors", ".bin"}):
            stat = path.stat()
            digest.update(f"{path.name}:{stat.st_size}:{stat.st_mtime_ns};".encode())
    name = model_dir.parent.name if model_dir.name == "model" else model_dir.name
    return f"{name}-{digest.hexdigest()[:16]}"


def export_path(model_dir: Path, cache_dir: Path) -> Path:
    """Where the ONNX graph of ``model_dir`` is (or will be) under ``cache_dir``."""
    return cache_dir / export_key(model_dir) / "model.onnx"


def cached_onnx(model_dir: Path, cache_dir: Path) -> Path:
    """The ONNX graph for ``model_dir`` under ``cache_dir``, exported on the first call."""
    target = export_path(model_dir, cache_dir)
    if not target.exists():
        print(f"kgsparql: exporting {model_dir.parent.name}/{model_dir.name} to ONNX once "
              f"(cached in {target.parent})", file=sys.stderr)
        export_onnx(model_dir, target)
    return target


def export_onnx(model_dir: Path, target: Path) -> None:
    """Trace the model's transformer (eager attention, dynamic batch and length) into ``target``,
    with its weights beside it in ``target.name + ".data"``; ``target.parent`` is made whole at once."""
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
    import onnx

    folder = target.parent
    partial = folder.with_name(f".{folder.name}.{os.getpid()}.tmp")
    partial.mkdir(parents=True, exist_ok=True)
    try:
        with torch.no_grad(), warnings.catch_warnings():
            warnings.simplefilter("ignore")  # tracer notes on shapes: the axes are declared dynamic
            torch.onnx.export(_HiddenStates(bert), sample, str(partial / "traced.onnx"), input_names=list(INPUTS),
                              output_names=["last_hidden_state"], dynamic_axes=axes, opset_version=17,
                              dynamo=False)
        graph = onnx.load(str(partial / "traced.onnx"))
        onnx.save_model(graph, str(partial / target.name), save_as_external_data=True,
                        all_tensors_to_one_file=True, location=f"{target.name}.data", size_threshold=1024)
        (partial / "traced.onnx").unlink()
        try:
            os.replace(partial, folder)
        except OSError:
            if not target.exists():  # not another process's finished export: a real failure
                raise
    finally:
        shutil.rmtree(partial, ignore_errors=True)


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

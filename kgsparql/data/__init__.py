"""Files shipped inside the package: the demo KG and the trained models the methods load by default."""
from __future__ import annotations

from importlib import resources

__all__ = ["packaged_model"]


def packaged_model(name: str) -> str:
    """The path of ``name`` (``router.npz``, ``chains.npz``, ``kelgop.npz``) in this package."""
    return str(resources.files("kgsparql.data").joinpath(name))

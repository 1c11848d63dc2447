"""The verdict heads shipped with kgsparql: one per FactKG variant, trained on that variant's
validation split only (``kgsparql train verifier --variant V``), at
``kgsparql/data/verifier-factkg-<variant>.npz``. ``kgsparql eval factkg --head default`` uses the
head of its own variant on the store it builds from FactKG's evidence, and nowhere else: another
variant's head, or the default head with a store or an endpoint of the user's (another KG), is
refused. Every other KG keeps the rule path (docs/verify.md)."""
from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

import numpy as np

from ..errors import InputError
from .verifier_training import TRAIN_SPLIT

__all__ = ["DEFAULT_HEAD", "packaged_head", "resolve_head"]

DEFAULT_HEAD = "default"


def packaged_head(variant: str) -> Path:
    """The shipped head of ``variant`` (an ``InputError`` when this install has none)."""
    path = Path(str(resources.files("kgsparql.data").joinpath(f"verifier-factkg-{variant}.npz")))
    if not path.is_file():
        raise InputError(f"no verdict head is shipped for factkg {variant}: train one with "
                         f"kgsparql train verifier --variant {variant}")
    return path


def _trained_on(path: Path) -> str:
    """The data a head records it was trained on ("factkg llm_v1 dev")."""
    try:
        with np.load(path, allow_pickle=False) as data:
            return json.loads(str(data["meta"])).get("data", "") if "meta" in data.files else ""
    except (OSError, ValueError, KeyError) as exc:
        raise InputError(f"cannot read the verdict head {path}: {exc}") from None


def resolve_head(head: str | None, variant: str, own_store: bool) -> str | None:
    """The head file ``--head`` names: a file, or ``default`` for the shipped head of ``variant``,
    which is only for the FactKG store of that variant (``own_store``)."""
    if not head:
        return None
    if head != DEFAULT_HEAD:
        if not Path(head).is_file():
            raise InputError(f"--head: no such file {head!r} (or give --head {DEFAULT_HEAD})")
        return head
    if not own_store:
        raise InputError("--head default is trained on FactKG's own evidence store: it is not used with "
                         "--store or --endpoint (another KG keeps the rules)")
    path = packaged_head(variant)
    if _trained_on(path) != f"factkg {variant} {TRAIN_SPLIT}":
        raise InputError(f"the shipped head {path.name} was not trained on factkg {variant}")
    return str(path)

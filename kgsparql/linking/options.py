"""``[plugins.linking]``: the entity linker's options, validated when it is built (docs/linking.md)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ..errors import ConfigError

__all__ = ["LinkerOptions"]


@dataclass(frozen=True)
class LinkerOptions:
    """``[plugins.linking]`` (docs/linking.md explains each)."""

    label_index: Literal["auto", "on", "off"] = "auto"
    type_fit: str = "overlap"              # overlap | off | a ranker name (e.g. embedding)
    fuzzy: bool = True                     # BM25 over labels when no span matches a label
    contained: bool = True                 # a capitalised span inside a few longer labels reads as them
    other_names: bool = True               # drop a BM25 reading where the question writes another name
    initials: bool = True                  # a word spelling a label's initials reads as it ("kkk")
    max_mentions: int = 5
    max_candidates: int = 5
    lookup_ngrams: int = 40                # n-grams sent to lookup when there is no index
    fit_candidates: int = 8                # distinct candidates whose relations are fetched for type fit
    fit_direction: Literal["both", "out", "in", "auto"] = "auto"   # auto: both with an index, else out

    def __post_init__(self) -> None:
        for name in ("max_mentions", "max_candidates", "lookup_ngrams", "fit_candidates"):
            if getattr(self, name) < 1:
                raise ConfigError(f"{name} must be at least 1")

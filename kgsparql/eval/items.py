"""What the dataset loaders produce: ``Item`` (one question with its gold answers) grouped into
``Part``s (one source question file, answered over one KB), and the seeded split used for the
datasets that ship without one."""
from __future__ import annotations

import hashlib
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import InputError

if TYPE_CHECKING:
    from .kb import KBSource

__all__ = ["Item", "Part", "SPLITS", "SPLIT_SALT", "seeded_split", "read_lines", "in_tune", "file_split"]

SPLITS = ("train", "dev", "tune", "test")
SPLIT_SALT = "kgsparql-split-v1"
TUNE_SALT = "kgsparql-tune-v1"


def in_tune(key: str) -> bool:
    """The quarter of MetaQA dev held out for tuning (its other three quarters are what ``train``
    means for MetaQA, whose own train files are not in the data): ranked by sha256 of the id."""
    return int(hashlib.sha256(f"{TUNE_SALT}:{key}".encode()).hexdigest()[:8], 16) < 0x40000000


def file_split(split: str) -> str:
    """The split whose file (or seeded share) holds ``split``'s items: ``tune`` lives in dev."""
    return "dev" if split == "tune" else split


@dataclass(frozen=True)
class Item:
    id: str
    question: str
    answers: list[str]
    hops: int | None = None
    qtype: str | None = None
    topic: str | None = None
    answer_iris: tuple[str, ...] = ()   # gold answers as KG IRIs: a prediction with such an IRI is right
    topic_iris: tuple[str, ...] = ()    # the gold topic entities (passed instead of linking with --gold-topic)
    answerable: bool | None = None      # some gold answer is in the KB at all (None: not known)

    def to_json(self) -> dict:
        return asdict(self)


@dataclass
class Part:
    """The items of one source file (``name``, e.g. ``PQ-2H``) and the KB they are asked against."""

    name: str
    kb: "KBSource"
    items: list[Item] = field(default_factory=list)


def seeded_split(source: str, n: int) -> dict[str, list[int]]:
    """8:1:1 train/dev/test split of ``n`` lines of file ``source`` (0-based indices, file order).

    Lines are ranked by ``sha256("kgsparql-split-v1:<source>:<1-based line number>")``; the first
    ``round(n/10)`` are test, the next ``round(n/10)`` dev, the rest train. Pure hashing, so the split
    is the same on every machine and Python version."""
    def rank(i: int) -> str:
        return hashlib.sha256(f"{SPLIT_SALT}:{source}:{i + 1}".encode()).hexdigest()

    order = sorted(range(n), key=rank)
    tenth = round(n / 10)
    return {"test": sorted(order[:tenth]), "dev": sorted(order[tenth:2 * tenth]),
            "train": sorted(order[2 * tenth:])}


def read_lines(path: Path, data: bytes | None = None) -> list[str]:
    """The lines of a UTF-8 file (or of ``data``) without line ends; line ``i`` is ``lines[i - 1]``."""
    try:
        text = (data if data is not None else path.read_bytes()).decode("utf-8")
    except FileNotFoundError:
        raise InputError(f"missing benchmark file {path}") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"cannot read {path}: {exc}") from None
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return [ln.rstrip("\r") for ln in lines]

"""WorldCup2014 (WC2014): WC-P1 (1 hop) and WC-P2 (2 hops) = variant P, WC-C (conjunctive,
two 1-hop constraints) = variant C; one KB (``WC2014.txt``). Everything is read from ``WC2014.zip``
directly. Line format: ``question<TAB>answer<TAB>path(s)<TAB>answer set (a/b/)<TAB>facts[<TAB>topics]``;
conjunctive paths are joined by ``*``. Gold answers are the answer-set column. WC-C items have
``hops=None`` and a ``qtype`` of both relation chains joined by ``&``. No split ships: 8:1:1 with
``items.seeded_split`` per file. Ids: ``wc2014-<P1|P2|C>-<split>-<line>``."""
from __future__ import annotations

import zipfile
from pathlib import Path

from ..errors import InputError
from .items import Item, Part, file_split, read_lines, seeded_split
from .kb import KBSource
from .pathquestion import parse_answer_set, parse_path

__all__ = ["load_wc2014", "VARIANTS", "FILES", "ZIP", "KB_MEMBER"]

VARIANTS = ("P", "C")
FILES = {"P1": ("P", 1), "P2": ("P", 2), "C": ("C", None)}  # WC-<name>.txt -> (variant, hops)
ZIP = "WC2014.zip"
KB_MEMBER = "WC2014/WC2014.txt"


def _item(line: str, name: str, where: str, item_id: str) -> Item:
    cols = line.split("\t")
    try:
        if len(cols) != (6 if name == "C" else 5):
            raise ValueError(line)
        paths = [parse_path(p) for p in cols[2].split("*")]
        answers = parse_answer_set(cols[3])
        if not answers:
            raise ValueError(line)
    except ValueError:
        raise InputError(f"{where}: not a WC2014 question line: {line[:80]!r}") from None
    if name == "C":
        return Item(item_id, cols[0].strip(), answers, None, "&".join(">".join(r) for _, r in paths),
                    paths[0][0])
    topic, relations = paths[0]
    return Item(item_id, cols[0].strip(), answers, len(relations), ">".join(relations), topic)


def _part(zf: zipfile.ZipFile, zip_path: Path, name: str, split: str) -> Part:
    member = f"WC2014/WC-{name}.txt"
    try:
        data = zf.read(member)
    except KeyError:
        raise InputError(f"{zip_path} has no {member}") from None
    lines = read_lines(zip_path / member, data)
    items = [_item(lines[i], name, f"{zip_path}:{member}:{i + 1}", f"wc2014-{name}-{file_split(split)}-{i + 1:05d}")
             for i in seeded_split(f"WC-{name}", len(lines))[file_split(split)]]
    return Part(f"WC-{name}", KBSource("wc2014", zip_path, "tsv", KB_MEMBER), items)


def load_wc2014(data_dir: Path, split: str, variant: str, hops: set[int] | None) -> list[Part]:
    zip_path = data_dir / "wc2014" / ZIP
    names = [n for n, (v, h) in FILES.items() if v == variant and (not hops or h in hops)]
    if not names:
        raise InputError("WC2014 P has 1- and 2-hop questions; C (conjunctive) has no hop count: drop --hops"
                         if variant == "C" else "WC2014 P has 1- and 2-hop questions only")
    try:
        with zipfile.ZipFile(zip_path) as zf:
            return [_part(zf, zip_path, n, split) for n in names]
    except FileNotFoundError:
        raise InputError(f"missing benchmark file {zip_path}") from None
    except (OSError, zipfile.BadZipFile) as exc:
        raise InputError(f"cannot read {zip_path}: {exc}") from None

"""PathQuestion (Zhou et al., COLING 2018): PQ-2H/PQ-3H and PQL-2H/PQL-3H, each with its own KB.

Line format: ``question<TAB>answer(a1/a2/)<TAB>path``; the path is ``subj#r1#e1#r2#ans#<end>#ans``
(PQ) or ``subj#r1#e1#r2#ans`` (PQL). Gold answers come from the ``(a1/a2/)`` set, hops and the topic
from the path, ``qtype`` is the relation chain (``spouse>nationality``). No split ships, so each file
is split 8:1:1 with ``items.seeded_split``. Ids: ``pathquestion-<file>-<split>-<line>``.
``PQL-3H_more.txt`` (more paraphrases of PQL-3H) is not used."""
from __future__ import annotations

from pathlib import Path

from ..errors import InputError
from .items import Item, Part, file_split, read_lines, seeded_split
from .kb import KBSource

__all__ = ["load_pathquestion", "VARIANTS", "FILES", "parse_path", "parse_answer_set"]

VARIANTS = ("PQ", "PQL")
FILES = {  # question file -> (variant, hops, KB file)
    "PQ-2H": ("PQ", 2, "2H-kb.txt"), "PQ-3H": ("PQ", 3, "3H-kb.txt"),
    "PQL-2H": ("PQL", 2, "PQL2-KB.txt"), "PQL-3H": ("PQL", 3, "PQL3-KB.txt"),
}


def parse_path(path: str) -> tuple[str, list[str]]:
    """``subj#r1#e1#r2#e2[#<end>#e2]`` -> (``subj``, ``[r1, r2]``)."""
    parts = path.strip().split("#")
    if "<end>" in parts:
        parts = parts[:parts.index("<end>")]
    if len(parts) < 3 or len(parts) % 2 == 0 or not all(parts):
        raise ValueError(path)
    return parts[0], parts[1::2]


def parse_answer_set(text: str) -> list[str]:
    """``a/b/`` -> ``[a, b]``. Names never contain ``/``."""
    return [a for a in text.strip().split("/") if a]


def _answers(column: str) -> list[str]:
    """``main(a1/a2/)`` -> ``[a1, a2]``; ``main`` may itself contain parentheses (``PG_(USA)``)."""
    if not column.endswith(")"):
        raise ValueError(column)
    for i, ch in enumerate(column):
        if ch == "(":
            answers = parse_answer_set(column[i + 1:-1])
            if column[:i] in answers:
                return answers
    raise ValueError(column)


def _item(line: str, where: str, item_id: str) -> Item:
    cols = line.split("\t")
    try:
        if len(cols) != 3:
            raise ValueError(line)
        topic, relations = parse_path(cols[2])
        answers = _answers(cols[1].strip())
    except ValueError:
        raise InputError(f"{where}: expected 'question<TAB>answer(a/b/)<TAB>path', got {line[:80]!r}") from None
    return Item(item_id, cols[0].strip(), answers, len(relations), ">".join(relations), topic)


def _part(root: Path, name: str, split: str) -> Part:
    _, _, kb_file = FILES[name]
    path = root / f"{name}.txt"
    lines = read_lines(path)
    items = [_item(lines[i], f"{path}:{i + 1}", f"pathquestion-{name}-{file_split(split)}-{i + 1:05d}")
             for i in seeded_split(name, len(lines))[file_split(split)]]
    return Part(name, KBSource(f"pathquestion-{name}", root / kb_file, "tsv"), items)


def load_pathquestion(data_dir: Path, split: str, variant: str, hops: set[int] | None) -> list[Part]:
    names = [n for n, (v, h, _) in FILES.items() if v == variant and (not hops or h in hops)]
    if not names:
        raise InputError(f"PathQuestion {variant} has 2- and 3-hop questions only")
    return [_part(data_dir / "pathquestion", n, split) for n in names]

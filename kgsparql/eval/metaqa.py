"""MetaQA (vanilla 1/2/3-hop, and the 1-hop NTM paraphrases) over the WikiMovies KB.

Files: ``<hops>-hop/vanilla/qa_<split>.txt`` (``question with [topic]<TAB>a1|a2|...``), the aligned
``<hops>-hop/qa_<split>_qtype.txt``, ``1-hop/ntm/qa_<split>.txt`` and ``kb_dedup.txt.gz``. Only the
official test and dev splits are there (the train files are not), so ``train`` and ``tune`` are the
seeded 75 / 25 % shares of dev (``items.in_tune``): the small models learn from one, and their
settings are tuned on the other. Item ids are
``metaqa-<h>hop-<split>-<line>`` (``metaqa-ntm-1hop-...`` for NTM), with the 1-based line number."""
from __future__ import annotations

import re
from pathlib import Path

from ..errors import InputError
from .items import Item, Part, in_tune, read_lines
from .kb import KBSource

__all__ = ["load_metaqa", "VARIANTS", "TOPIC"]

VARIANTS = ("vanilla", "ntm")
TOPIC = re.compile(r"\[([^\[\]]+)\]")


def _kb(root: Path) -> KBSource:
    return KBSource("metaqa", root / "kb_dedup.txt.gz", "metaqa")


def _parse(line: str, where: str) -> tuple[str, list[str], str]:
    question, sep, answers = line.partition("\t")
    topics = TOPIC.findall(question)
    if not sep or "\t" in answers or len(topics) != 1 or not answers.strip():
        raise InputError(f"{where}: expected 'question with [topic]<TAB>a1|a2|...', got {line[:80]!r}")
    return question.strip(), [a for a in answers.split("|") if a.strip()], topics[0]


def _hop_part(root: Path, hops: int, split: str, variant: str) -> Part:
    """``train`` and ``tune`` are the two seeded shares of the dev file (75 / 25 %, ``in_tune``)."""
    sub = "vanilla" if variant == "vanilla" else "ntm"
    wanted, split = split, ("test" if split == "test" else "dev")
    qa_path = root / f"{hops}-hop" / sub / f"qa_{split}.txt"
    qtype_path = root / f"{hops}-hop" / f"qa_{split}_qtype.txt"
    lines, qtypes = read_lines(qa_path), read_lines(qtype_path)
    if len(lines) != len(qtypes):
        raise InputError(f"{qtype_path} has {len(qtypes)} lines but {qa_path} has {len(lines)}")
    prefix = "metaqa" if variant == "vanilla" else "metaqa-ntm"
    items = []
    for no, (line, qtype) in enumerate(zip(lines, qtypes), 1):
        question, answers, topic = _parse(line, f"{qa_path}:{no}")
        item_id = f"{prefix}-{hops}hop-{split}-{no:05d}"
        # keyed by hop and line, so a question and its NTM paraphrase land on the same side
        if wanted in ("train", "tune") and in_tune(f"{hops}hop-{no:05d}") != (wanted == "tune"):
            continue
        items.append(Item(item_id, question, answers, hops, qtype.strip() or None, topic))
    return Part(f"{prefix}-{hops}hop", _kb(root), items)


def load_metaqa(data_dir: Path, split: str, variant: str, hops: set[int] | None) -> list[Part]:
    root = data_dir / "metaqa"
    wanted = sorted(hops) if hops else ([1] if variant == "ntm" else [1, 2, 3])
    if variant == "ntm" and wanted != [1]:
        raise InputError("MetaQA NTM paraphrases exist for 1-hop questions only: use --hops 1")
    bad = [h for h in wanted if h not in (1, 2, 3)]
    if bad:
        raise InputError(f"MetaQA has 1-, 2- and 3-hop questions, not {bad[0]}-hop")
    return [_hop_part(root, h, split, variant) for h in wanted]

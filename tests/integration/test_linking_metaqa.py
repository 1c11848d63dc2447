"""Entity linking on the full MetaQA KB: the gold [topic] must be the top candidate of the top
mention once the brackets are removed (skipped when the benchmark data is absent)."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from kgsparql.config import Settings
from kgsparql.kg import KnowledgeGraph
from kgsparql.linking import EntityLinker
from kgsparql.eval.datasets import load_dataset
from kgsparql.loading import load_files

DATA = Path(os.environ.get("KGSPARQL_DATA_DIR") or Path(__file__).resolve().parents[3] / "shared" / "data")
METAQA = DATA / "metaqa"
pytestmark = [pytest.mark.slow, pytest.mark.skipif(not (METAQA / "kb_dedup.txt.gz").is_file(),
                                                   reason=f"no MetaQA data at {METAQA}")]


@pytest.fixture(scope="module")
def linker(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("metaqa")
    load_files([METAQA / "kb_dedup.txt.gz"], tmp / "store", "metaqa")
    settings = Settings(store=str(tmp / "store"), home=str(tmp / "home"))
    with KnowledgeGraph.from_settings(settings) as kg:
        yield EntityLinker(kg, settings)


def sample(n: int = 300, seed: int = 0) -> list[tuple[str, str]]:
    """A fixed seeded sample of test questions, the three hop files pooled."""
    import random

    pooled = [(it.question, it.topic) for part in load_dataset("metaqa", DATA, split="test") for it in part.items]
    return random.Random(seed).sample(pooled, n)


def test_top1_linking_without_brackets(linker):
    questions = sample()
    hits, misses = 0, []
    for question, gold in questions:
        text = question.replace("[", "").replace("]", "")
        top = linker.link(text).top
        hits += top is not None and top.label == gold
        if top is None or top.label != gold:
            misses.append((text, gold, top.label if top else None))
    accuracy = hits / len(questions)
    assert accuracy >= 0.95, f"top-1 {accuracy:.3f}; misses: {misses[:10]}"


def test_brackets_are_honoured(linker):
    for question, gold in sample(50, seed=1):
        result = linker.link(question)
        assert result.bracketed and result.top is not None and result.top.label == gold

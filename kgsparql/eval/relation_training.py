"""Training examples for the shared chain scorer from the benchmark sets the issue allows: the
MetaQA ``train`` share (never tune or test) and the WebQSP and CWQ ``dev`` shares (never test), each
labelled by weak supervision over its own store (``learn.chain_labels``). It lives in the eval layer
because it reads the benchmark datasets and builds their stores. ``train_relation_scorer`` adds
synthetic questions from the user's own KG (``learn.synthetic``) and fits the scorer."""
from __future__ import annotations

import random
import time
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Callable

from ..config import Settings
from ..errors import InputError
from ..kg import KnowledgeGraph
from ..learn.chain_labels import labelled_example
from ..learn.chain_training import ChainExample, ScorerReport, fit_chain_scorer
from ..learn.synthetic import synthetic_examples
from ..linking.build import index_for
from ..rank import build_ranker
from ..linking.topics import mask_topic
from ..types import IRI, Entity
from .datasets import DATASETS, load_dataset
from .kb import ensure_store

__all__ = ["BENCHMARK_SOURCES", "benchmark_examples", "kg_examples", "train_relation_scorer"]

# name -> (dataset, split, variant): the only benchmark questions the scorer may learn from; a
# ``-kb`` name adds synthetic questions about that benchmark's KB instead (no question of it is read)
BENCHMARK_SOURCES = {"metaqa": ("metaqa", "train", "vanilla"), "webqsp-dev": ("webqsp", "dev", None),
                     "cwq-dev": ("cwq", "dev", None), "metaqa-kb": ("metaqa", "train", "vanilla"),
                     "webqsp-kb": ("webqsp", "dev", None), "cwq-kb": ("cwq", "dev", None)}


def _topic(adapter, item) -> Entity | None:
    if item.topic_iris:
        entity = Entity(IRI(item.topic_iris[0]))
        return Entity(entity.term, adapter.labels([entity]).get(entity))
    found = adapter.lookup(item.topic, limit=1) if item.topic else []
    return found[0] if found else None


def _examples(kg, items, source: str, walks: str, max_hops: int) -> list[ChainExample]:
    out = []
    for item in items:
        topic = _topic(kg.adapter, item)
        if topic is None:
            continue
        masked = mask_topic(item.question, topic.name if item.topic_iris else item.topic)
        example = labelled_example(kg.adapter, topic, masked, item.answers, hops=item.hops, walks=walks,
                                   max_hops=max_hops, source=source)
        if example is not None:
            out.append(example)
    return out


def benchmark_examples(settings: Settings, data_dir: Path, names: list[str], per_part: int, seed: int = 0,
                       log: Callable[[str], None] = lambda s: None, synthetic: int = 0) -> list[ChainExample]:
    """Up to ``per_part`` questions of each part of each named source (seeded sample), labelled;
    ``synthetic`` questions about the KB of each ``-kb`` source."""
    out: list[ChainExample] = []
    for name in names:
        if name not in BENCHMARK_SOURCES:
            raise InputError(f"--with: unknown training set {name!r}; choose from {', '.join(BENCHMARK_SOURCES)}")
        dataset, split, variant = BENCHMARK_SOURCES[name]
        for part in load_dataset(dataset, data_dir, split=split, variant=variant)[:1 if name.endswith("-kb") else None]:
            store = ensure_store(part.kb, settings.home, settings.base_iri, quiet=True)
            adapter = DATASETS[dataset].adapter or "generic"
            if name.endswith("-kb"):
                kb_settings = settings.replace(store=str(store), endpoint=None, adapter=adapter)
                out.extend(kg_examples(kb_settings, synthetic, seed, log, source=name))
                continue
            items = list(part.items)
            random.Random(f"{seed}:{part.name}").shuffle(items)
            t0 = time.perf_counter()
            with KnowledgeGraph.from_settings(settings.replace(store=str(store), endpoint=None, adapter=adapter)) as kg:
                found = _examples(kg, items[:per_part], name, DATASETS[dataset].walks, max_hops=2)
            log(f"{name}/{part.name}: {len(found)}/{min(per_part, len(items))} questions labelled "
                f"in {time.perf_counter() - t0:.1f} s")
            out.extend(found)
    return out


def kg_examples(settings: Settings, synthetic: int, seed: int = 0,
                log: Callable[[str], None] = lambda s: None, source: str = "synthetic") -> list[ChainExample]:
    """``synthetic`` questions from the configured KG's own triples (none without a KG given)."""
    if synthetic <= 0 or not (settings.store or settings.endpoint):
        return []
    with KnowledgeGraph.from_settings(settings) as kg:
        t0 = time.perf_counter()
        labels = index_for(kg, settings)
        log(f"label index: {len(labels or ())} entities to sample topics from in {time.perf_counter() - t0:.1f} s")
        if labels is None or not len(labels):
            raise InputError("the KG has no entity labels to sample synthetic questions from")
        found = synthetic_examples(kg.adapter, labels.entries, synthetic, seed=seed, log=log)
    return [replace(ex, source=source) for ex in found]


def train_relation_scorer(settings: Settings, data_dir: Path, out: Path, *, synthetic: int, sets: list[str],
                          per_part: int, seed: int = 0, own_kg: bool = True,
                          log: Callable[[str], None] = lambda s: None) -> ScorerReport:
    """``own_kg``: write ``synthetic`` questions about the configured KG too."""
    t0 = time.perf_counter()
    examples = kg_examples(settings, synthetic if own_kg else 0, seed, log) + \
        benchmark_examples(settings, data_dir, sets, per_part, seed, log, synthetic)
    sources = dict(Counter(ex.source for ex in examples))
    encoder = build_ranker("embedding", settings)
    model, accuracy = fit_chain_scorer(examples, encoder, seed=seed, log=log,
                                       meta={"sources": sources})
    model.save(out)
    return ScorerReport(len(examples), sum(len(ex.candidates) for ex in examples), accuracy,
                        time.perf_counter() - t0, str(out), sources)

"""A chain-key prior head for one KG from question-answer pairs (``kgsparql train chains --with
webqsp-dev,cwq-dev`` or ``--examples my.jsonl``): each question is labelled by weak supervision with
the relation chains from its topic whose end set best matches the gold answers (set F1 over IRIs and
names, a CVT or statement hop counted as one hop), and an ``EmbeddingClassifier`` over the masked
question learns them. Only the WebQSP and CWQ ``dev`` shares of the benchmarks (never test), or the
user's own pairs. It lives in the eval layer because it reads the benchmark datasets and their stores."""
from __future__ import annotations

import time
from pathlib import Path
from typing import Callable, Iterable, Sequence

from ..config import Settings
from ..errors import InputError
from ..kg import KnowledgeGraph
from ..learn.training import LabelledQuestion, mask_topic, weak_chain_label
from ..types import IRI, Entity
from .datasets import DATASETS, load_dataset
from .frag_training import TrainReport, train_chains
from .kb import ensure_store
from .user_file import load_user_questions

__all__ = ["PRIOR_SOURCES", "Labelled", "label_items", "benchmark_labels", "file_labels", "fit_prior"]

PRIOR_SOURCES = {"webqsp-dev": "webqsp", "cwq-dev": "cwq"}    # the only benchmark questions it may learn from
Labelled = tuple[str, LabelledQuestion]                        # (question id, its labels)


def _gold_topic(adapter, item) -> Entity | None:
    if not item.topic_iris:
        return None
    entity = Entity(IRI(item.topic_iris[0]))
    return Entity(entity.term, adapter.labels([entity]).get(entity))


def label_items(adapter, items: Iterable, topic: Callable, *, walks: str = "revisit", max_hops: int = 2,
                min_f1: float = 0.0, max_ties: int = 4) -> list[Labelled]:
    """``topic(item) -> (Entity, masked question) | None``. A question is kept when some chain
    reaches a gold answer with F1 above ``min_f1`` and at most ``max_ties`` chains tie for the best."""
    out = []
    for item in items:
        found = topic(item)
        if found is None:
            continue
        entity, masked = found
        chains, f1 = weak_chain_label(adapter, entity, item.answers, None, max_hops, walks,
                                      gold_iris=item.answer_iris)
        if chains and f1 > min_f1 and len(chains) <= max_ties:
            out.append((item.id, LabelledQuestion(masked, len(chains[0].split(";")), chains, f1)))
    return out


def benchmark_labels(settings: Settings, data_dir: Path, names: Sequence[str], *, min_f1: float = 0.0,
                     log: Callable[[str], None] = lambda s: None) -> list[Labelled]:
    out: list[Labelled] = []
    for name in names:
        if name not in PRIOR_SOURCES:
            raise InputError(f"--with: unknown training set {name!r}; choose from {', '.join(PRIOR_SOURCES)}")
        dataset = PRIOR_SOURCES[name]
        for part in load_dataset(dataset, data_dir, split="dev"):
            store = ensure_store(part.kb, settings.home, settings.base_iri, quiet=True)
            kg_settings = settings.replace(store=str(store), endpoint=None, adapter=DATASETS[dataset].adapter)
            t0 = time.perf_counter()
            with KnowledgeGraph.from_settings(kg_settings) as kg:
                def topic(item, adapter=kg.adapter):
                    entity = _gold_topic(adapter, item)
                    return None if entity is None else (entity, mask_topic(item.question, entity.name))
                found = label_items(kg.adapter, part.items, topic, walks=DATASETS[dataset].walks, min_f1=min_f1)
            log(f"{name}: {len(found)}/{len(part.items)} questions labelled in {time.perf_counter() - t0:.1f} s")
            out.extend(found)
    return out


def file_labels(settings: Settings, path: Path, *, min_f1: float = 0.0,
                log: Callable[[str], None] = lambda s: None) -> list[Labelled]:
    """The user's ``{id, question, answers, answer_iris?}`` lines, topics found by the configured
    KG's own linker (as when answering), labelled on that KG."""
    from ..api import Asker

    items, bad = load_user_questions(path)
    for item, error in bad:
        log(f"skipped {item.id}: {error}")
    t0 = time.perf_counter()
    with Asker(settings.replace(llm="none")) as asker:
        linker = asker.method.ctx.linker

        def topic(item):
            link = linker.link(item.question)
            topics = link.topics() if link.topic_mention is not None else []
            return (topics[0], link.masked()) if topics else None
        found = label_items(asker.kg.adapter, items, topic, walks=settings.walks, min_f1=min_f1)
    log(f"{path}: {len(found)}/{len(items)} questions labelled in {time.perf_counter() - t0:.1f} s")
    return found


def fit_prior(labelled: Sequence[Labelled], embed, out: Path, fusion: dict | None = None) -> TrainReport:
    if len({c for _, q in labelled for c in q.chains}) < 2:
        raise InputError("training a chain prior needs questions labelled with at least two different chains")
    return train_chains([q for _, q in labelled], embed, out, fusion)

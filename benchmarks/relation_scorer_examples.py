"""The labelled examples ``relation_scorer_cv.py`` fits and measures the shared chain scorer with,
kept in a cache folder as JSON lines (one file per source): synthetic questions about the MetaQA KB,
the MetaQA train share, and the WebQSP and CWQ **dev** shares labelled by weak supervision (the chains
from the gold topic whose ends best match the gold answers). The test shares are never read."""
from __future__ import annotations

import json
import random
import time
from pathlib import Path

__all__ = ["collect", "decode", "encode"]


def encode(ex, item_id: str) -> dict:
    return {"id": item_id, "q": ex.question, "source": ex.source, "right": sorted(ex.right),
            "c": [[list(c.hops), list(c.reverse), c.answers] for c in ex.candidates]}


def decode(row: dict):
    from kgsparql.learn.chain_training import ChainExample
    from kgsparql.meaning import ChainText

    chains = tuple(ChainText(tuple(h), tuple(r), a) for h, r, a in row["c"])
    return row["id"], ChainExample(row["q"], chains, frozenset(row["right"]), row["source"])


def _dev_examples(settings, data_dir: Path, name: str, limit: int) -> list[dict]:
    from kgsparql.eval.datasets import DATASETS, load_dataset
    from kgsparql.eval.kb import ensure_store
    from kgsparql.eval.relation_training import _topic
    from kgsparql.kg import KnowledgeGraph
    from kgsparql.learn.chain_labels import labelled_example
    from kgsparql.linking.topics import mask_topic

    dataset = name.split("-")[0]
    part = load_dataset(dataset, data_dir, split="dev")[0]
    items = list(part.items)
    random.Random(f"0:{part.name}").shuffle(items)
    store = ensure_store(part.kb, settings.home, settings.base_iri, quiet=True)
    out = []
    with KnowledgeGraph.from_settings(settings.replace(store=str(store), endpoint=None, adapter="freebase")) as kg:
        for item in items[:limit]:
            topic = _topic(kg.adapter, item)
            if topic is None:
                continue
            masked = mask_topic(item.question, topic.name if item.topic_iris else item.topic)
            ex = labelled_example(kg.adapter, topic, masked, item.answers, hops=item.hops,
                                  walks=DATASETS[dataset].walks, max_hops=2, source=name)
            if ex is not None:
                out.append(encode(ex, item.id))
    return out


def collect(settings, data_dir: Path, cache: Path, synthetic: int, per_set: int, dev_limit: int) -> list:
    """(id, ChainExample) pairs, read from ``cache`` when an earlier run wrote them there."""
    from kgsparql.eval.kb import ensure_store
    from kgsparql.eval.datasets import load_dataset
    from kgsparql.eval.relation_training import benchmark_examples, kg_examples

    cache.mkdir(parents=True, exist_ok=True)

    def cached(name, make):
        path = cache / f"{name}.jsonl"
        if not path.is_file():
            t0 = time.perf_counter()
            rows = make()
            path.write_text("".join(json.dumps(r) + "\n" for r in rows))
            print(f"{name}: {len(rows)} examples in {time.perf_counter() - t0:.0f} s", flush=True)
        return [decode(json.loads(line)) for line in path.read_text().splitlines()]

    metaqa_store = ensure_store(load_dataset("metaqa", data_dir, split="train")[0].kb, settings.home,
                                settings.base_iri, quiet=True)
    mq = settings.replace(store=str(metaqa_store), endpoint=None, adapter="generic")
    out = cached("synthetic", lambda: [encode(ex, f"syn-{i}") for i, ex in enumerate(kg_examples(mq, synthetic))])
    out += cached("metaqa", lambda: [encode(ex, f"mq-{i}") for i, ex in enumerate(
        benchmark_examples(settings, data_dir, ["metaqa"], per_set))])
    for name in ("webqsp-dev", "cwq-dev"):
        out += cached(name, lambda name=name: _dev_examples(settings, data_dir, name, dev_limit))
    return out

"""``kgsparql train``: label dev questions by weak supervision, embed their masked text, fit the
router (simple <= delta hops vs complex) and the relation-chain prior. Dev splits only."""
from __future__ import annotations

import random
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Sequence

from ..config import Settings
from ..kg import KnowledgeGraph
from .classifier import EmbeddingClassifier
from .training import LabelledQuestion, label_questions

__all__ = ["TRAIN_SETS", "collect_labelled", "train_router", "train_chains", "TrainReport"]

# (dataset, variant): the dev splits the shipped models are trained on
TRAIN_SETS = (("metaqa", "vanilla"), ("metaqa", "ntm"), ("pathquestion", "PQ"), ("pathquestion", "PQL"),
              ("wc2014", "P"))


@dataclass
class TrainReport:
    examples: int
    classes: int
    train_accuracy: float
    seconds: float
    path: str

    def to_json(self) -> dict:
        return {"examples": self.examples, "classes": self.classes,
                "train_accuracy": round(self.train_accuracy, 4), "seconds": round(self.seconds, 2),
                "path": self.path}


def collect_labelled(settings: Settings, data_dir: Path, sets: Sequence[tuple[str, str]], per_part: int,
                     seed: int = 0, log: Callable[[str], None] = lambda s: None) -> list[LabelledQuestion]:
    from ..eval.datasets import load_dataset
    from ..eval.kb import ensure_store

    out: list[LabelledQuestion] = []
    for name, variant in sets:
        for part in load_dataset(name, data_dir, split="dev", variant=variant):
            items = list(part.items)
            random.Random(f"{seed}:{part.name}").shuffle(items)
            items = items[:per_part]
            store = ensure_store(part.kb, settings.home, settings.base_iri, quiet=True)
            t0 = time.perf_counter()
            with KnowledgeGraph.from_settings(settings.replace(store=str(store), endpoint=None)) as kg:
                labelled = label_questions(kg.adapter, items)
            good = sum(1 for q in labelled if q.chains)
            tied = sum(1 for q in labelled if len(q.chains) > 1)
            log(f"{name}/{part.name}: {good}/{len(labelled)} dev questions labelled ({tied} with tied "
                f"chains) in {time.perf_counter() - t0:.1f} s")
            out.extend(labelled)
    return out


def _fit(texts: list[str], labels: list[str], settings: Settings, meta: dict, out: Path) -> TrainReport:
    from ..rank import build_ranker

    t0 = time.perf_counter()
    x = build_ranker("embedding", settings).embed(texts)
    model = EmbeddingClassifier.train(x, labels, meta=meta)
    acc = float((model.predict_proba(x).argmax(axis=1) == [model.classes.index(l) for l in labels]).mean())
    model.save(out)
    return TrainReport(len(labels), len(model.classes), acc, time.perf_counter() - t0, str(out))


def train_router(labelled: Sequence[LabelledQuestion], settings: Settings, out: Path, delta: int = 2) -> TrainReport:
    rows = [q for q in labelled if q.hops]
    labels = ["simple" if q.hops <= delta else "complex" for q in rows]
    return _fit([q.masked for q in rows], labels, settings, {"kind": "router", "delta": delta}, out)


def resolve_ties(labelled: Sequence[LabelledQuestion], embed) -> list[tuple[str, str]]:
    """(masked question, chain) pairs. Unambiguous questions keep their chain; a tied question gets
    the tied chain a classifier trained on the unambiguous ones prefers, or, when none of its tied
    chains was ever unambiguous (a KB storing r and r_inverse), the first one (fewest reverse hops)."""
    sure = [(q.masked, q.chain) for q in labelled if q.chain]
    tied = [q for q in labelled if len(q.chains) > 1]
    known = {c for _, c in sure}
    model = EmbeddingClassifier.train(embed([m for m, _ in sure]), [c for _, c in sure]) if len(known) > 1 else None
    probs = model.predict_proba(embed([q.masked for q in tied])) if model is not None and tied else None
    out = list(sure)
    for i, q in enumerate(tied):
        options = [c for c in q.chains if c in known]
        if options and probs is not None:
            pick = max(options, key=lambda c: probs[i][model.classes.index(c)])
        else:
            pick = q.chains[0]
        out.append((q.masked, pick))
    return out


def train_chains(labelled: Sequence[LabelledQuestion], settings: Settings, out: Path) -> TrainReport:
    from ..rank import build_ranker

    embedder = build_ranker("embedding", settings)
    pairs = resolve_ties(labelled, embedder.embed)
    return _fit([m for m, _ in pairs], [c for _, c in pairs], settings, {"kind": "chains"}, out)

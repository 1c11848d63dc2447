"""Training FRAG's small models (``kgsparql train``): label train questions by weak supervision, embed
their masked text, fit the router (simple <= delta hops vs complex) and the relation-chain prior.
The ``train`` splits only (MetaQA's: three quarters of dev; the other quarter, ``tune``, is held
out for tuning). It lives in the eval layer because it reads the benchmark datasets and their KBs."""
from __future__ import annotations

import random
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Sequence

from ..config import Settings
from ..kg import KnowledgeGraph
from ..learn.classifier import EmbeddingClassifier
from ..learn.training import LabelledQuestion, label_questions
from .datasets import DATASETS, load_dataset
from .kb import ensure_store

__all__ = ["TRAIN_SETS", "collect_labelled", "train_router", "train_chains", "TrainReport"]

# (dataset, variant): the train splits the shipped models are trained on
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
    out: list[LabelledQuestion] = []
    for name, variant in sets:
        for part in load_dataset(name, data_dir, split="train", variant=variant):
            items = list(part.items)
            random.Random(f"{seed}:{part.name}").shuffle(items)
            items = items[:per_part]
            store = ensure_store(part.kb, settings.home, settings.base_iri, quiet=True)
            t0 = time.perf_counter()
            with KnowledgeGraph.from_settings(settings.replace(store=str(store), endpoint=None)) as kg:
                labelled = label_questions(kg.adapter, items, walks=DATASETS[name].walks)
            good = sum(1 for q in labelled if q.chains)
            tied = sum(1 for q in labelled if len(q.chains) > 1)
            log(f"{name}/{part.name}: {good}/{len(labelled)} train questions labelled ({tied} with tied "
                f"chains) in {time.perf_counter() - t0:.1f} s")
            out.extend(labelled)
    return out


def _fit(texts: list[str], labels: list[str], embed, meta: dict, out: Path) -> TrainReport:
    t0 = time.perf_counter()
    x = embed(texts)
    model = EmbeddingClassifier.train(x, labels, meta=meta)
    acc = float((model.predict_proba(x).argmax(axis=1) == [model.classes.index(l) for l in labels]).mean())
    model.save(out)
    return TrainReport(len(labels), len(model.classes), acc, time.perf_counter() - t0, str(out))


def train_router(labelled: Sequence[LabelledQuestion], embed, out: Path, delta: int = 2) -> TrainReport:
    """``embed``: texts -> normalised sentence embeddings (the ``embedding`` ranker's ``embed``)."""
    rows = [q for q in labelled if q.hops]
    labels = ["simple" if q.hops <= delta else "complex" for q in rows]
    return _fit([q.masked for q in rows], labels, embed, {"kind": "router", "delta": delta}, out)


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


def train_chains(labelled: Sequence[LabelledQuestion], embed, out: Path, fusion: dict | None = None) -> TrainReport:
    """``fusion``: FRAG's ``prior_weight`` / ``trained_weight`` to use where this head speaks (kept in
    its meta; tuned by cross-validation on the same questions, ``benchmarks/chain_prior_cv.py``)."""
    pairs = resolve_ties(labelled, embed)
    meta = {"kind": "chains", **({"fusion": dict(fusion)} if fusion else {})}
    return _fit([m for m, _ in pairs], [c for _, c in pairs], embed, meta, out)

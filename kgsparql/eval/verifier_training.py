"""``kgsparql train verifier``: fit the verdict head (``kgsparql/verify/head.py``) on FactKG's
validation split, and nothing else: the claims of that split are verified by the rule path against
the store built from that split's evidence (what the rules saw is stored per claim as it goes,
``verifier_views.py``), and a model learns the gold label from it (``verify/features.py``). The
model (logistic regression or a small network), its regularisation, whether the masked claim's
embedding is used beside the form features, and the threshold on its probability, are chosen on a
held-out fold grouped by entity (``verifier_folds.py``: no entity on both sides, as between the
validation and test splits), where the rules are measured too; then the head is refitted on all of
it. The head records the adapter and the relations of the training KG, so that it is only ever
used on that KG (docs/verify.md)."""
from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from .claims import binary_label
from .factkg import factkg_reading, load_factkg, sample_claims, seeded_order
from .factkg_store import factkg_store, store_checksum
from .verifier_folds import grouped_held_out
from .verifier_views import ViewCache

__all__ = ["train_verdict_head", "HeadReport", "TRAIN_SPLIT", "GRID", "THRESHOLDS"]

TRAIN_SPLIT = "dev"            # FactKG's validation file: the only split a head may learn from
# (model, regularisation, with the claim embedding) tried: the logistic regression's C, the networks'
# L2 weight (alpha). On the fold grouped by entity a network with the claim embedding lost to one
# without it (it learns the entities of its training claims: llm_v1, alpha 1, 0.753 against 0.789);
# the pair (verify/head_pair.py: the mean of the two) matched the one without (0.794 against 0.792,
# each at its best threshold) and did better where held-out claims share entities with training
# ones, as a third of the test split's do (0.798 against 0.788); docs/verify.md
GRID = (("logistic", 1.0, False), ("network", 1.0, False), ("network", 3.0, False), ("pair", 1.0, True))
THRESHOLDS = (0.4, 0.45, 0.5, 0.55, 0.6)       # the probability of true from which a head says true


@dataclass(frozen=True)
class HeadReport:
    path: str
    claims: int
    model: str                     # logistic | network | pair
    c: float                       # its regularisation
    embedding: bool                # the masked claim's embedding is among the features
    threshold: float               # the probability of true from which the head says true
    held_out_accuracy: float       # on the fold grouped by entity (verifier_folds.py)
    rule_accuracy: float           # the rules alone on the same held-out claims, NEI = not supported
    seconds: float

    def to_json(self) -> dict:
        return dict(self.__dict__)


def _views(settings, claims, cache: ViewCache, log) -> list[dict]:
    """What the rules saw in each claim: stored ones from ``cache``, the others verified now (in
    the seeded order of the sample, so a stopped run has verified a seeded sample) and stored."""
    from ..api import Verifier

    if any(c.id not in cache.views for c in claims):
        with Verifier(settings, llm="none") as verifier:
            cache.fill(claims, lambda text: verifier.method.features(text)[2], log)
    return [cache.views[c.id] for c in claims]


def _features(settings, views: list[dict]) -> np.ndarray:
    from ..api import Verifier
    from ..rank.base import tokenize
    from ..verify.features import claim_features, texts_embedded

    with Verifier(settings, llm="none") as verifier:
        encoder = verifier.method.ctx.encoder
        texts = [t for v in views for t in texts_embedded(v)]
        words = {w for t in texts for w in tokenize(t, stopwords=True)}
        encoder.embed(sorted(set(texts) | words))       # in large batches; claim_features reads the cache
        return np.vstack([claim_features(encoder, v) for v in views])


def _held_out(x, y, model: str, c: float, embedding: bool, train, test) -> tuple[float, float]:
    """(accuracy, threshold) of a head fitted on ``train`` and measured on ``test``, at the threshold
    of ``THRESHOLDS`` that does best there."""
    from ..verify.head import VerdictHead

    head = VerdictHead.train(x[train], [y[i] for i in train], {"embedding": embedding, "model": model}, c=c)
    p = np.array([head.p_true(x[i]) for i in test])
    gold = np.array([y[i] for i in test], dtype=bool)
    return max((float(np.mean((p >= t) == gold)), t) for t in THRESHOLDS)


def train_verdict_head(settings, data_dir: Path, variant: str, out: Path, *, limit: int | None = None,
                       seed: int = 0, log=lambda s: None) -> HeadReport:
    from ..verify.head import VerdictHead

    t0 = time.perf_counter()
    claims = load_factkg(data_dir, TRAIN_SPLIT, variant)
    store = factkg_store(claims, f"factkg-{variant}-{TRAIN_SPLIT}", settings.home, settings.base_iri, quiet=True)
    chosen = sample_claims(claims, limit, seed)
    log(f"verifying {len(chosen)} claims of factkg {variant} {TRAIN_SPLIT} by the rules")
    kg_settings = factkg_reading(settings.replace(store=str(store), endpoint=None, adapter="dbpedia", llm="none"))
    cache = ViewCache(settings.home_path / "cache", f"verifier-views-factkg-{variant}-{TRAIN_SPLIT}",
                      store_checksum(store))
    chosen = seeded_order(chosen, seed)
    views = _views(kg_settings, chosen, cache, log)
    log(f"features of {len(views)} claims")
    x = _features(kg_settings, views)
    verdicts = [v["verdict"] for v in views]
    relations = sorted({label for v in views for label in v["held"]})
    y = [c.label for c in chosen]
    train, test = grouped_held_out(chosen, seed)
    log(f"held out: {len(test)} claims in entity groups; {len(train)} training claims share no entity with them")
    scores = {}
    for model, c, e in GRID:
        scores[model, c, e] = _held_out(x, y, model, c, e, train, test)
        log(f"  held out: {model} {c} {'with' if e else 'without'} the claim embedding: "
            f"{scores[model, c, e][0]:.4f} at threshold {scores[model, c, e][1]}")
    best = max(scores, key=lambda k: (scores[k][0], k[0] == "logistic", not k[2]))
    meta = {"adapter": "dbpedia", "data": f"factkg {variant} {TRAIN_SPLIT}", "claims": len(chosen),
            "model": best[0], "c": best[1], "embedding": best[2], "threshold": scores[best][1],
            "relations": relations, "store": store_checksum(store)}
    VerdictHead.train(x, y, meta, c=best[1]).save(out)
    rule = float(np.mean([binary_label(verdicts[i], views[i]["negated"]) == y[i] for i in test]))
    return HeadReport(str(out), len(chosen), *best, scores[best][1], round(scores[best][0], 4), round(rule, 4),
                      round(time.perf_counter() - t0, 1))

"""What the rule path saw in one claim, as numbers: the input of the trained verdict head
(``verify/head.py``). Nothing here reads a dataset; the same features exist for any KG.

``rule_view`` keeps what the rules saw as plain JSON (so that training can store it once per claim
and refit in seconds); ``claim_features`` turns a view into the feature vector:

- the claim's form: negated, a count or a date comparison, how many entities were linked, how many
  capitalised names the KG does not hold, how many words name a relation;
- the rule path's outcome: its verdict and the share of sub-claims supported / contradicted / unknown;
- how the KG joins the claim's entities: the share of checked pairs joined by one hop, and by any
  path;
- how well the relations that join them (or, for one entity, the relations it holds) fit the claim's
  words by meaning (``kgsparql.meaning.RelationMatcher``, the matcher every method uses): the best
  score of a relation label against the masked claim, for the weakest pair and the best one;
- the sub-claims: how many, how many have evidence, how well the relations of the supported and of
  the contradicted ones fit the claim, and those relations themselves, hashed into a few buckets
  (what the head learns of them holds for the KG it was trained on only);
- the masked claim's sentence embedding (its wording, entity names removed)."""
from __future__ import annotations

import zlib

import numpy as np

from ..meaning import RelationMatcher
from .result import CONTRADICTED, SUPPORTED, UNKNOWN

__all__ = ["claim_features", "rule_view", "texts_embedded", "FORM_FEATURES"]

RELATION_BUCKETS = 32            # the evidence relations of supported / contradicted sub-claims, hashed
FORM_FEATURES = ("negated", "count", "date", "entities_0", "entities_1", "entities_2", "entities_3+",
                 "unlinked_names", "relation_words", "rule_true", "rule_false", "rule_nei",
                 "parts_supported", "parts_contradicted", "parts_unknown", "pairs_one_hop", "pairs_joined",
                 "fit_weakest_pair", "fit_best_pair", "fit_held", "bias",
                 "parts", "parts_with_evidence", "fit_supported", "fit_contradicted",
                 *(f"{status}_relation_{i}" for status in (SUPPORTED, CONTRADICTED) for i in range(RELATION_BUCKETS)))


def rule_view(whole, verdict: str) -> dict:
    """What the rules saw in an ``Assessment``, as JSON: the claim's form, the verdict, each
    sub-claim's status and the relations of its evidence, the pairs' links and the held relations."""
    form = whole.form
    return {
        "claim": whole.masked or form.text, "verdict": verdict, "negated": bool(form.negated),
        "count": form.count is not None, "date": form.date_op is not None,
        "entities": len(whole.mentioned), "unlinked": whole.unlinked, "words": whole.words,
        "parts": [{"status": p.status, "evidence": len(p.evidence), "relations": _relations(p)} for p in whole.parts],
        "links": [[hops, sorted(labels)] for hops, labels in whole.links],
        "held": sorted(whole.held),
    }


def _relations(part) -> list[str]:
    return sorted({r.label or r.iri.rsplit("/", 1)[-1] for path, _ in part.evidence for r in path.relations})


def _fits(encoder, claim: str, labels: list[list[str]]) -> list[float]:
    """For each set of labels, the best meaning score of one of them against the claim (0 for none)."""
    every = sorted(set().union(*map(set, labels))) if labels else []
    if not every:
        return [0.0 for _ in labels]
    scores = dict(zip(every, RelationMatcher(encoder=encoder).name_scores(claim, every).tolist()))
    return [max((scores[label] for label in group), default=0.0) for group in labels]


def _evidence_relations(view: dict, status: str) -> list[str]:
    return sorted({r for p in view["parts"] if p["status"] == status for r in p["relations"]})


def _buckets(labels: list[str]) -> list[float]:
    """The labels hashed into ``RELATION_BUCKETS`` (a stable hash: the same bucket in every process)."""
    out = [0.0] * RELATION_BUCKETS
    for label in labels:
        out[zlib.crc32(label.encode("utf-8")) % RELATION_BUCKETS] = 1.0
    return out


def texts_embedded(view: dict) -> list[str]:
    """The texts ``claim_features`` embeds for this view, besides their words and relation labels."""
    return [view["claim"], _lower_mask(view["claim"])]


def _lower_mask(claim: str) -> str:
    return claim.replace(" X ", " x ")


def _form(encoder, view: dict) -> list[float]:
    n, verdict, parts = view["entities"], view["verdict"], view["parts"]
    statuses = [p["status"] for p in parts]
    share = (lambda s: statuses.count(s) / len(statuses)) if statuses else (lambda s: 0.0)
    supported, contradicted = _evidence_relations(view, SUPPORTED), _evidence_relations(view, CONTRADICTED)
    groups = [labels for _, labels in view["links"]] + [view["held"], supported, contradicted]
    fits = _fits(encoder, _lower_mask(view["claim"]), groups)
    pair_fits, (held_fit, supported_fit, contradicted_fit) = fits[:-3], fits[-3:]
    hops = [h for h, _ in view["links"]]
    return [
        float(view["negated"]), float(view["count"]), float(view["date"]),
        float(n == 0), float(n == 1), float(n == 2), float(n >= 3),
        min(view["unlinked"], 3) / 3, min(view["words"], 4) / 4,
        float(verdict == "true"), float(verdict == "false"), float(verdict == "not_enough_info"),
        share(SUPPORTED), share(CONTRADICTED), share(UNKNOWN),
        (sum(h == 1 for h in hops) / len(hops)) if hops else 0.0,
        (sum(h > 0 for h in hops) / len(hops)) if hops else 0.0,
        min(pair_fits, default=0.0), max(pair_fits, default=0.0), held_fit, 1.0,
        min(len(parts), 4) / 4, (sum(p["evidence"] > 0 for p in parts) / len(parts)) if parts else 0.0,
        supported_fit, contradicted_fit, *_buckets(supported), *_buckets(contradicted),
    ]


def claim_features(encoder, view: dict) -> np.ndarray:
    """The feature vector of a ``rule_view``: ``FORM_FEATURES`` then the masked claim's embedding."""
    claim_vector = encoder.embed([view["claim"]])[0]
    return np.concatenate([np.asarray(_form(encoder, view), dtype=np.float32),
                           np.asarray(claim_vector, dtype=np.float32)])

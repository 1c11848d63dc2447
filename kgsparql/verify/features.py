"""What the rule path saw in one claim, as numbers: the input of the trained verdict head
(``verify/head.py``). Nothing here reads a dataset; the same features exist for any KG.

``verify.view.rule_view`` keeps what the rules saw as plain JSON (so that training can store it once
per claim and refit in seconds); ``claim_features`` turns a view into the feature vector:

- the claim's form: negated, a count or a date comparison, how many entities were linked, how many
  capitalised names the KG does not hold, how many words name a relation;
- the rule path's outcome: its verdict and the share of sub-claims supported / contradicted / unknown;
- how the KG joins the claim's entities: the share of checked pairs joined by one hop, and by any
  path;
- how well the relations that join them (or, for one entity, the relations it holds) fit the claim's
  words by meaning (``kgsparql.meaning.RelationMatcher``, the matcher every method uses): the best
  score of a relation label against the masked claim, for the weakest pair and the best one;
- the sub-claims: how many, how many have evidence, how well the relations of the supported and of
  the contradicted ones fit the claim (not the relations themselves: hashed into buckets, they let
  the head learn the entities of its training claims, and a held-out fold grouped by entity
  measured them a loss);
- the evidence read against the claim: the linked entities' own facts (retrieved for stated values
  anyway, no extra query), split by where they lead — to another linked entity, to a value the claim
  names, or elsewhere — and, for each, how well the best of their relations fits the claim; a
  relation the claim means whose value lies elsewhere is the mark of a swapped value;
- whether a negator stands in each clause (each part denied), and whether the subject was found by
  the values the claim states rather than by a name (``verify/holders.py``);
- the masked claim's sentence embedding (its wording, entity names removed)."""
from __future__ import annotations

import numpy as np

from ..meaning import RelationMatcher
from .result import CONTRADICTED, SUPPORTED, UNKNOWN
from .view import FACT_ENDS

__all__ = ["claim_features", "texts_embedded", "FORM_FEATURES"]

FORM_FEATURES = ("negated", "count", "date", "entities_0", "entities_1", "entities_2", "entities_3+",
                 "unlinked_names", "relation_words", "rule_true", "rule_false", "rule_nei",
                 "parts_supported", "parts_contradicted", "parts_unknown", "pairs_one_hop", "pairs_joined",
                 "fit_weakest_pair", "fit_best_pair", "fit_held", "bias",
                 "parts", "parts_with_evidence", "fit_supported", "fit_contradicted",
                 *(f"facts_{end}" for end in FACT_ENDS), *(f"fit_facts_{end}" for end in FACT_ENDS),
                 "fit_gap_elsewhere", "best_fit_fact_agrees", "entities_joined", "entities_named", "words_uncovered",
                 "each_negated", "named_by_values")


def _fits(encoder, claim: str, labels: list[list[str]]) -> list[float]:
    """For each set of labels, the best meaning score of one of them against the claim (0 for none)."""
    every = sorted(set().union(*map(set, labels))) if labels else []
    if not every:
        return [0.0 for _ in labels]
    scores = dict(zip(every, RelationMatcher(encoder=encoder).name_scores(claim, every).tolist()))
    return [max((scores[label] for label in group), default=0.0) for group in labels]


def _evidence_relations(view: dict, status: str) -> list[str]:
    return sorted({r for p in view["parts"] if p["status"] == status for r in p["relations"]})


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
    facts = view.get("facts", [])
    ends = [sorted({label for label, end, *_ in facts if end == e}) for e in FACT_ENDS]
    groups = [labels for _, labels in view["links"]] + [view["held"], supported, contradicted] + ends
    fits = _fits(encoder, _lower_mask(view["claim"]), groups)
    pair_fits, (held_fit, supported_fit, contradicted_fit), end_fits = fits[:-6], fits[-6:-3], fits[-3:]
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
        supported_fit, contradicted_fit,
        *_evidence(view, ends, end_fits),
        float(view.get("each_negated", False)), float(view.get("by_values", False)),
    ]


def _evidence(view: dict, ends: list[list[str]], end_fits: list[float]) -> list[float]:
    """The linked entities' facts against the claim: how many relations lead to another linked
    entity, to a value the claim names, elsewhere; how well the best of each fits the claim; whether a
    relation the claim means leads elsewhere (a swapped value); the share of linked entities a fact
    joins to another one or to a named value; the share of claim words no fact holds."""
    n, facts = view["entities"], view.get("facts", [])
    joined = {i for _, end, h, t in facts if end == "linked" for i in (h, t)} - {-1}
    named = {h for _, end, h, _ in facts if end == "named"} - {-1}
    return [*(min(len(e), 8) / 8 for e in ends), *end_fits, end_fits[2] - max(end_fits[:2]),
            float(max(end_fits[:2]) >= end_fits[2] and any(ends[:2])),
            len(joined) / n if n else 0.0, len(named) / n if n else 0.0, view.get("uncovered", 0.0)]


def claim_features(encoder, view: dict) -> np.ndarray:
    """The feature vector of a ``rule_view``: ``FORM_FEATURES`` then the masked claim's embedding."""
    claim_vector = encoder.embed([view["claim"]])[0]
    return np.concatenate([np.asarray(_form(encoder, view), dtype=np.float32),
                           np.asarray(claim_vector, dtype=np.float32)])

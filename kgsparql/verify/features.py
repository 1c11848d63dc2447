"""What the rule path saw in one claim, as numbers: the input of the trained verdict head
(``verify/head.py``). Nothing here reads a dataset; the same features exist for any KG.

- the claim's form: negated, a count or a date comparison, how many entities were linked, how many
  capitalised names the KG does not hold, how many words name a relation;
- the rule path's outcome: its verdict and the share of sub-claims supported / contradicted / unknown;
- how the KG joins the claim's entities: the share of checked pairs joined by one hop, and by any
  path;
- how well the relations that join them (or, for one entity, the relations it holds) fit the claim's
  words by meaning (``kgsparql.meaning.RelationMatcher``, the matcher every method uses): the best
  score of a relation label against the masked claim, for the weakest pair and the best one;
- the masked claim's sentence embedding (its wording, entity names removed)."""
from __future__ import annotations

import numpy as np

from ..meaning import RelationMatcher
from .result import CONTRADICTED, SUPPORTED, UNKNOWN

__all__ = ["claim_features", "FORM_FEATURES"]

FORM_FEATURES = ("negated", "count", "date", "entities_0", "entities_1", "entities_2", "entities_3+",
                 "unlinked_names", "relation_words", "rule_true", "rule_false", "rule_nei",
                 "parts_supported", "parts_contradicted", "parts_unknown", "pairs_one_hop", "pairs_joined",
                 "fit_weakest_pair", "fit_best_pair", "fit_held", "bias")


def _fits(encoder, claim: str, labels: list[set[str]]) -> list[float]:
    """For each set of labels, the best meaning score of one of them against the claim (0 for none)."""
    every = sorted(set().union(*labels)) if labels else []
    if not every:
        return [0.0 for _ in labels]
    scores = dict(zip(every, RelationMatcher(encoder=encoder).name_scores(claim, every).tolist()))
    return [max((scores[label] for label in group), default=0.0) for group in labels]


def claim_features(encoder, whole, verdict: str) -> np.ndarray:
    """The feature vector of an ``Assessment`` and the rule verdict: ``FORM_FEATURES`` then the
    masked claim's embedding."""
    form, parts = whole.form, whole.parts
    n = len(whole.mentioned)
    statuses = [p.status for p in parts]
    share = (lambda s: statuses.count(s) / len(statuses)) if statuses else (lambda s: 0.0)
    claim = whole.masked or form.text
    claim_vector = encoder.embed([claim])[0]
    pair_labels = [labels for _, labels in whole.links]
    fits = _fits(encoder, claim.replace(" X ", " x "), pair_labels + [whole.held])
    pair_fits, held_fit = fits[:-1], fits[-1]
    hops = [h for h, _ in whole.links]
    head = [
        float(form.negated), float(form.count is not None), float(form.date_op is not None),
        float(n == 0), float(n == 1), float(n == 2), float(n >= 3),
        min(whole.unlinked, 3) / 3, min(whole.words, 4) / 4,
        float(verdict == "true"), float(verdict == "false"), float(verdict == "not_enough_info"),
        share(SUPPORTED), share(CONTRADICTED), share(UNKNOWN),
        (sum(h == 1 for h in hops) / len(hops)) if hops else 0.0,
        (sum(h > 0 for h in hops) / len(hops)) if hops else 0.0,
        min(pair_fits, default=0.0), max(pair_fits, default=0.0), held_fit, 1.0,
    ]
    return np.concatenate([np.asarray(head, dtype=np.float32), np.asarray(claim_vector, dtype=np.float32)])

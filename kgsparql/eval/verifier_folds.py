"""The held-out split that chooses the verdict head's model (``verifier_training.py``), grouped by
entity. FactKG's claims come in groups over the same entities (several claims per WebNLG entity
set), so a random fifth of the validation split shares its entities with the rest almost always
(86% of held-out claims share one, 27% share all of them), while the test split shares far fewer
with the validation split (44% share one, 1.4% all): a random held-out set rewards memorising
entities and overrates every head.

Here each claim belongs to the group of its most frequent evidence entity (the entity most claims
of the split are about); a seeded fifth of the groups is held out, and the claims that share any
entity with a held-out claim are left out of the training fold as well, so that no entity is seen
on both sides. The evidence column names the entities: it only groups the claims here, it is never
read to verify them."""
from __future__ import annotations

import hashlib
from collections import Counter

import numpy as np

__all__ = ["entity_groups", "grouped_held_out", "HELD_OUT_SHARE"]

HELD_OUT_SHARE = 0.2


def _entities(claim) -> set[str]:
    """The resources (not the quoted values) of a claim's evidence."""
    return {e for h, _, t in claim.evidence for e in (h, t) if not e.startswith('"')}


def entity_groups(claims) -> list[str]:
    """Each claim's group: its most frequent evidence entity in ``claims`` (ties by name); a claim
    with no evidence entity is a group of its own."""
    every = [_entities(c) for c in claims]
    freq = Counter(e for entities in every for e in entities)
    return [max(sorted(entities), key=lambda e: freq[e]) if entities else f"claim:{c.id}"
            for c, entities in zip(claims, every)]


def grouped_held_out(claims, seed: int = 0, share: float = HELD_OUT_SHARE) -> tuple[np.ndarray, np.ndarray]:
    """(training fold, held-out fold) as indexes into ``claims``: whole groups held out, up to
    ``share`` of the claims, in a seeded order of the groups; training claims share no entity with
    a held-out claim."""
    groups = entity_groups(claims)
    sizes = Counter(groups)
    order = sorted(sizes, key=lambda g: hashlib.sha256(f"{seed}:{g}".encode()).hexdigest())
    held, n = set(), 0
    for g in order:
        if n >= share * len(claims):
            break
        held.add(g)
        n += sizes[g]
    test = [i for i, g in enumerate(groups) if g in held]
    seen = set().union(*(_entities(claims[i]) for i in test))
    train = [i for i, g in enumerate(groups) if g not in held and not (_entities(claims[i]) & seen)]
    return np.array(train, dtype=int), np.array(test, dtype=int)

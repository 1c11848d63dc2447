"""Personalised PageRank over a retrieved subgraph (scipy sparse power iteration), used to keep the
top-n entities most related to the topic entities."""
from __future__ import annotations

from typing import Sequence

import numpy as np

from ..types import Entity
from .subgraph import Subgraph

__all__ = ["personalized_pagerank", "prune_to_top_n"]


def personalized_pagerank(sub: Subgraph, seeds: Sequence[Entity], damping: float = 0.85,
                          iterations: int = 30, tol: float = 1e-8) -> dict[Entity, float]:
    from scipy import sparse  # on first use: commands that never rank a subgraph do not load scipy

    nodes = sub.nodes
    if not nodes:
        return {}
    index = {n: i for i, n in enumerate(nodes)}
    rows, cols = [], []
    for n, triples in sub.adjacency.items():
        for t in triples:
            rows.append(index[t.tail])
            cols.append(index[n])
    size = len(nodes)
    m = sparse.csr_matrix((np.ones(len(rows)), (rows, cols)), shape=(size, size))
    out_degree = np.asarray(m.sum(axis=0)).ravel()
    out_degree[out_degree == 0] = 1.0
    m = m.multiply(1.0 / out_degree).tocsr()
    p = np.zeros(size)
    for s in seeds:
        if s in index:
            p[index[s]] = 1.0
    if p.sum() == 0:
        return {}
    p /= p.sum()
    r = p.copy()
    for _ in range(iterations):
        nxt = damping * (m @ r) + (1 - damping) * p
        if np.abs(nxt - r).sum() < tol:
            r = nxt
            break
        r = nxt
    return {n: float(r[i]) for n, i in index.items()}


def prune_to_top_n(sub: Subgraph, scores: dict[Entity, float], top_n: int) -> Subgraph:
    """Keep the seeds and the ``top_n`` highest-PPR entities (ties broken by id for determinism)."""
    if len(scores) <= top_n:
        return sub
    ranked = sorted(scores, key=lambda e: (-scores[e], e.id))
    return sub.restrict(ranked[:top_n])

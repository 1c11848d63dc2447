"""FRAG's reasoning-aware router: simple (<= delta hops) or complex, from the question embedding."""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ...errors import ConfigError
from ...learn import EmbeddingClassifier
from .options import FragOptions

__all__ = ["Router", "Route"]


@dataclass(frozen=True)
class Route:
    kind: str          # "simple" | "complex"
    hops: int
    confidence: float


class Router:
    """Predicts simple (<= delta hops) vs complex from the question embedding alone; without a model
    (the lexical encoder) every question starts simple and only a confident chain prior widens it."""

    def __init__(self, model: EmbeddingClassifier | None, params: FragOptions):
        if model is not None and set(model.classes) != {"simple", "complex"}:
            raise ConfigError("router model must have the classes 'simple' and 'complex'")
        self.model, self.params = model, params

    def route(self, embedding: np.ndarray, prior_hops: int = 0) -> Route:
        """Simple or complex from the question alone; a chain the prior is confident of
        (``prior_hops``, 0 for none) that is longer than the route's radius widens it to that length."""
        p = self.model.scores(embedding) if self.model is not None else {"simple": 1.0, "complex": 0.0}
        kind = "complex" if p["complex"] > p["simple"] else "simple"
        hops = self.params.hops_complex if kind == "complex" else self.params.hops_simple
        if hops < prior_hops <= self.params.hops_complex:
            kind, hops = ("complex" if prior_hops > self.params.delta else kind), prior_hops
        return Route(kind, hops, round(max(p.values()), 4))

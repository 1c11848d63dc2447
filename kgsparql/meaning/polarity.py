"""``Polarity``: whether a stretch of framing around a statement ("It's false that …", "It is a
myth that …" against "They say that …", "Believe it or not, …") denies the statement or passes it
on, by meaning. The phrase's MiniLM embedding is compared with a few short generic sentences that
deny a statement and a few that affirm or only report one (``kgsparql/data/polarity_anchors.json``,
plain English, no KG's or data set's wording); it denies when it is closer to the denials by
``margin`` and close enough to one of them (``min_score``). Hedges that hold a "not" ("Believe it
or not", "I'm not sure, but") stay affirming: what counts is the meaning of the whole phrase."""
from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

import numpy as np

from ..errors import ConfigError
from .matcher import Encoder

__all__ = ["Polarity", "PolarityOptions", "polarity_anchors"]


@dataclass(frozen=True)
class PolarityOptions:
    margin: float = 0.05       # the phrase is this much closer to a denial than to any affirmation ...
    min_score: float = 0.45    # ... and at least this close to one

    def __post_init__(self) -> None:
        if not (0.0 <= self.margin <= 1.0 and 0.0 <= self.min_score <= 1.0):
            raise ConfigError("polarity margin and min_score must be in [0, 1]")


@lru_cache(maxsize=1)
def polarity_anchors() -> dict[str, tuple[str, ...]]:
    """The anchor sentences: ``denies`` and ``affirms``."""
    text = resources.files("kgsparql.data").joinpath("polarity_anchors.json").read_text(encoding="utf-8")
    return {k: tuple(v) for k, v in json.loads(text).items()}


class Polarity:
    """Built with its options and an encoder; ``denies`` takes data only."""

    def __init__(self, encoder: Encoder, options: PolarityOptions | None = None):
        self.encoder = encoder
        self.options = options or PolarityOptions()

    def scores(self, phrase: str) -> tuple[float, float]:
        """The phrase's best cosine with a denial and with an affirmation."""
        anchors = polarity_anchors()
        vectors = self.encoder.embed([phrase, *anchors["denies"], *anchors["affirms"]])
        deny = vectors[1:1 + len(anchors["denies"])] @ vectors[0]
        affirm = vectors[1 + len(anchors["denies"]):] @ vectors[0]
        return float(np.max(deny)), float(np.max(affirm))

    def denies(self, phrase: str) -> bool:
        """Whether ``phrase`` (framing around a statement) says the statement does not hold."""
        if not phrase.strip():
            return False
        deny, affirm = self.scores(phrase.strip())
        return deny >= self.options.min_score and deny >= affirm + self.options.margin

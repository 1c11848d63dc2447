"""The LLM-free category classifier: a trained head over MiniLM, and what the question's words and
linked entities make possible (its ``Shape``)."""
from __future__ import annotations

import re
from dataclasses import dataclass

from ...data import packaged_model
from ...errors import ConfigError
from ...learn import EmbeddingClassifier
from ...learn.categories import CATEGORIES
from ...linking.topics import MASK, mask_spans
from ...types import Entity
from .lexicon import Cues, read_cues
from .nested_phrases import compositions

__all__ = ["Shape", "shape_of", "asked_noun_mention", "CategoryClassifier"]


@dataclass(frozen=True)
class Shape:
    """What the question's words and linked entities make possible."""

    cues: Cues
    entities: tuple[Entity, ...]      # the best candidate of every confident mention
    masked: str                        # every such mention replaced by the mask

    def feasible(self, category: str) -> bool:
        c, two = self.cues, len(self.entities) >= 2
        return {"simple": True, "count": c.count, "superlative": bool(c.superlative) and not (c.either_or and two),
                "comparative": bool(c.filter) or (c.either_or and bool(c.comparison) and two),
                "conjunction": two and not c.either_or,
                "composition": bool(compositions(self.masked, MASK))}[category]


def shape_of(link, min_score: float) -> Shape:
    """The cues are read with the entity mentions masked: "Salome's Last Dance" is no superlative. A
    mention that is the noun the question asks for ("who was the 2010 *Governor* of ...") is no entity
    of the question: it names the answer's kind, not something the answer is next to."""
    mentions = [m for m in link.mentions if m.candidates and (m is link.topic_mention or m.score >= min_score)
                and not m.text.strip().isdigit()
                and (m is link.topic_mention or not asked_noun_mention(link.question_text, m.start, m.end))]
    entities = tuple(dict.fromkeys(m.candidates[0].entity for m in mentions))
    masked = mask_spans(link.question_text, [(m.start, m.end) for m in mentions], MASK)
    return Shape(read_cues(masked), entities, masked)


# what may stand between the question word and the noun it asks for, and what may follow that noun
_BEFORE_ASKED = re.compile(r"^\W*(?:what|which|who|whom|name)\b(?:\s+(?:is|was|are|were|'s))?(?:\s+(?:the|a|an))?"
                           r"(?:\s+(?:\d{3,4}|current|former|present|then))*\s*$", re.IGNORECASE)
_AFTER_ASKED = re.compile(r"^\s*(?:[;?.!]|$|(?:of|that|who|whom|which|whose|when|where|in|for|with|at|from|to|"
                          r"during)\b)", re.IGNORECASE)


def asked_noun_mention(question: str, start: int, end: int) -> bool:
    """Is the span ``start:end`` the head of the noun phrase the question asks for ("who was the 2010
    *Governor* of", "who was the *President* that ...")? Not "what *Caribbean* countries": a noun
    follows it; nor "what *Sacramento*, Calif., amusement park": a comma may open an apposition.
    English only."""
    return bool(_BEFORE_ASKED.match(question[:start]) and _AFTER_ASKED.match(question[end:]))


class CategoryClassifier:
    """The trained head's probabilities; the categories to try are the feasible ones, most likely
    first, ``simple`` (the atomic answerer alone) always last."""

    def __init__(self, model: EmbeddingClassifier):
        if not set(model.classes) <= set(CATEGORIES):
            raise ConfigError(f"planner model classes must be among {', '.join(CATEGORIES)}")
        self.model = model

    @classmethod
    def load(cls, models, path: str = "") -> "CategoryClassifier":
        path = path or packaged_model("kelgop.npz")
        return cls(models.load(("classifier", str(path)), lambda: EmbeddingClassifier.load(path)))

    def scores(self, embedding) -> dict[str, float]:
        return self.model.scores(embedding)

    def order(self, scores: dict[str, float], shape: Shape, first: str | None = None) -> list[str]:
        ranked = sorted((c for c in CATEGORIES if c != "simple" and shape.feasible(c)),
                        key=lambda c: -scores.get(c, 0.0))
        if first in ranked:      # the LLM reorders what the question makes feasible, nothing more
            ranked = [first] + [c for c in ranked if c != first]
        return ranked + ["simple"]

"""KELGoP building blocks: options, the answered sub-question, the atomic answerer (FRAG on given
topics) and the LLM-free category classifier (a trained head over MiniLM + what the question's words
and linked entities make possible)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..errors import ConfigError
from ..learn import EmbeddingClassifier, parse_chain_key
from ..learn.categories import CATEGORIES
from ..linking.topics import MASK, mask_spans
from ..retrieval import NEIGHBOR_LIMIT, follow_chain
from ..types import Entity
from .frag_parts import packaged_model
from .plan_lexicon import Cues, compositions, read_cues

__all__ = ["KelgopOptions", "Sub", "Outcome", "Atomic", "CategoryClassifier", "Shape", "shape_of"]


@dataclass(frozen=True)
class KelgopOptions:
    """``[plugins.kelgop]`` (docs/methods/kelgop.md)."""

    attempts: int = 3             # theta: categories tried before giving up on planning
    depth: int = 1                # D: decomposition depth (a sub-question may be a composition once)
    per_entity: int = 5           # multi-entity answers substituted one entity at a time, at most this many
    min_mention: float = 0.6      # a second entity mention counts from this linking score
    trust_prior: float = 0.6      # a composition is planned only when FRAG's chain prior is less sure
    answerer: str = "frag"        # the atomic answerer (a registered method with ``answer_about``)
    classifier_model: str = ""    # a kelgop.npz from `kgsparql train planner` ("" = the packaged one)
    llm_classify: bool = True     # with an LLM: few-shot classification (else the trained head)
    llm_decompose: bool = True    # with an LLM: few-shot decomposition for composition/conjunction
    llm_verdict: bool = True      # with an LLM: the integrator's sufficiency verdict

    def __post_init__(self) -> None:
        if not 1 <= self.attempts <= len(CATEGORIES):
            raise ConfigError(f"attempts must be between 1 and {len(CATEGORIES)}")
        if not 0 <= self.depth <= 2 or self.per_entity < 1 or not 0 <= self.min_mention <= 1:
            raise ConfigError("need 0 <= depth <= 2, per_entity >= 1 and 0 <= min_mention <= 1")


@dataclass
class Sub:
    """One answered sub-question: its text (``[#k]`` marks an earlier answer), answers, end entities."""

    question: str
    answers: tuple[str, ...] = ()
    entities: tuple[Entity, ...] = ()
    chain: tuple | None = None
    evidence: list = field(default_factory=list)
    prior: float = 0.0          # the chain prior's probability when it chose this very chain (else 0)
    answered_by: str = ""       # the atomic answerer's own "answered_by" (paths, llm, fallback)

    def to_json(self) -> dict[str, Any]:
        return {"question": self.question, "answers": list(self.answers[:10]), "n_answers": len(self.answers)}


@dataclass
class Outcome:
    category: str
    answers: tuple[str, ...] = ()
    subs: list[Sub] = field(default_factory=list)
    aggregate: dict[str, Any] | None = None
    note: str = ""

    @property
    def sufficient(self) -> bool:
        return bool(self.answers)

    @property
    def evidence(self) -> list:
        return [e for s in self.subs for e in s.evidence]

    def to_json(self) -> dict[str, Any]:
        out = {"category": self.category, "sub_questions": [s.to_json() for s in self.subs],
               "sufficient": self.sufficient}
        if self.aggregate:
            out["aggregate"] = self.aggregate
        if self.note:
            out["note"] = self.note
        return out


class Atomic:
    """Answers one sub-question about given topic entities with the atomic method (FRAG)."""

    def __init__(self, ctx, method):
        if not hasattr(method, "answer_about"):
            raise ConfigError(f"method {method.name!r} cannot answer sub-questions (no answer_about)")
        self.ctx, self.method = ctx, method

    def ask(self, text: str, topics, masked: str, max_hops: int | None = None, check: bool = True) -> Sub:
        answer = self.method.answer_about(text, list(topics), masked, max_hops=max_hops, check=check)
        key = answer.plan.get("chain_key")
        if answer.abstained or not key:
            return Sub(text, evidence=list(answer.evidence))
        chain = parse_chain_key(key)
        ends = {e.name: e for e in follow_chain(self.ctx.adapter, list(topics), chain, walks=self.ctx.walks,
                                                limit=NEIGHBOR_LIMIT).answers}   # the queries FRAG just ran: memo hits
        entities = tuple(ends[n] for n in answer.answers if n in ends)
        match = answer.plan.get("match", {}).get("parts", answer.plan.get("match", {}))
        prior = float(match.get("prior_top", 0.0)) if float(match.get("prior", 0.0)) >= 0.999 else 0.0
        return Sub(text, tuple(answer.answers), entities, chain, list(answer.evidence), prior,
                   answer.plan.get("answered_by", ""))

    def ask_text(self, text: str) -> Sub:
        """A sub-question in words: its entity is linked first."""
        link = self.ctx.linker.link(text)
        if link.topic_mention is None:
            return Sub(text)
        return self.ask(text, link.topics(), link.masked())


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
    """The cues are read with the entity mentions masked: "Salome's Last Dance" is no superlative."""
    mentions = [m for m in link.mentions if m.candidates and (m is link.topic_mention or m.score >= min_score)
                and not m.text.strip().isdigit()]
    entities = tuple(dict.fromkeys(m.candidates[0].entity for m in mentions))
    masked = mask_spans(link.question_text, [(m.start, m.end) for m in mentions], MASK)
    return Shape(read_cues(masked), entities, masked)


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

"""The shared trained chain scorer (``meaning.ChainScorer``: the model the default method and FRAG
rank relation chains with, fitted on questions of several KGs and read through each KG's own relation
words) for the methods that choose a chain by their own judgement (RefKG, KGFR). They blend its
confidence into their choice instead of keeping a copy of their own (docs/meaning.md)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Mapping, Sequence

from ..data import packaged_model
from ..learn import EmbeddingClassifier, chain_key
from ..learn.chain_prior import ChainPrior
from ..meaning import ChainScorer, ChainText
from ..types import Relation
from .frag.prior_heads import chain_prior

__all__ = ["load_chain_scorer", "chain_probabilities", "load_chain_prior", "QuestionPrior", "question_prior"]

Chain = tuple[Relation, ...]


def load_chain_scorer(ctx, path: str = "") -> ChainScorer | None:
    """The scorer at ``path`` (empty: the packaged one; ``none``: off), loaded once per process; None
    without MiniLM (the lexical encoder cannot feed it)."""
    if path == "none" or getattr(ctx.encoder, "lexical", False):
        return None
    where = path or packaged_model("relations.npz")
    return ctx.models.load(("chain-scorer", str(where)), lambda: ChainScorer.load(where))


def chain_probabilities(scorer: ChainScorer | None, encoder, masked: str, chains: Sequence[Chain],
                        verbalize: Callable[[Relation], str],
                        answers: Mapping[Chain, int] | None = None) -> dict[Chain, float]:
    """chain -> the scorer's softmax over ``chains`` for the masked question ({} without a scorer)."""
    if scorer is None or not chains:
        return {}
    texts = [ChainText(tuple(verbalize(r) for r in c), tuple(r.inverse for r in c), (answers or {}).get(c, 0))
             for c in chains]
    raw = scorer.score(masked, texts, encoder)
    return dict(zip(chains, scorer.probabilities(raw).tolist()))


@dataclass(frozen=True)
class QuestionPrior:
    """The chain prior's probabilities for one question, by chain key (empty: the prior is silent)."""

    probs: Mapping[str, float] = field(default_factory=dict)

    def of(self, chain: Sequence[Relation], same_kind: bool = False) -> float:
        """The chain's probability; 0 for a chain that never walks back along its previous hop when
        the question asks for entities like one it reaches (``same_kind``: "what *else* did the
        writer of X write"): the prior reads the phrasing it was trained on, not that cue."""
        if not chain or (same_kind and not _returns(chain)):
            return 0.0
        return self.probs.get(chain_key(chain), 0.0)

    def longer_than(self, hops: int) -> float:
        """The largest probability the prior gives a chain of more than ``hops`` hops."""
        return max((p for key, p in self.probs.items() if key.count(";") + 1 > hops), default=0.0)


def load_chain_prior(ctx, setting: str = "") -> ChainPrior | None:
    """The default method's chain prior (``setting`` as ``[methods.frag] chain_model``: "" the packaged
    heads, "none" off, else ``.npz`` files); None without MiniLM. The heads load once per process."""
    if setting.strip() == "none" or getattr(ctx.encoder, "lexical", False):
        return None
    load = lambda path: ctx.models.load(("classifier", str(path)), lambda: EmbeddingClassifier.load(path))
    return chain_prior(setting, load, ctx.adapter, packaged_model)


def question_prior(prior: ChainPrior | None, encoder, masked: str) -> QuestionPrior:
    """The prior's view of the masked question: chain key -> probability, over the heads that know the KG."""
    if prior is None:
        return QuestionPrior()
    return QuestionPrior(prior.scores(encoder.embed([masked])[0]))


def _returns(chain: Sequence[Relation]) -> bool:
    return any(chain[i] == chain[i - 1].reversed() for i in range(1, len(chain)))

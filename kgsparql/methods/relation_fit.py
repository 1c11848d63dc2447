"""The relation-fit decision of abstention: does the chosen chain answer the question at all?

The chain scorer and the meaning view rank a topic's chains against each other; on a KG with few
relations some relation is always the closest ("who runs Microsoft" and ``ceo``, "who was Chinua
Achebe married to" and ``notableWork``). ``FitModel`` (``kgsparql.meaning.fit``, trained with the right
chain taken away as negatives) reads the chain against the whole relation vocabulary of the KG and
gives an absolute probability. Where no trained prior speaks, the shared chain scorer has ranked the
candidates and no view but meaning recognised a one-hop chain, it speaks where it is sure: a chain
that meaning alone recognised is refused below the model's veto bar (where at most 5 % of right chains
fall, averaged over the training KGs), and a chain no view recognised is answered from its lift bar
(where at most 5 % of wrong chains rise); in between, the other views decide as before
(``fit_veto`` / ``fit_lift`` override the bars). A question that names the chain's relation word for
word (alignment), chains of several hops and KGs of more than ``outside_max_relations`` relations (on
the WebQSP dev share its veto cost a point) keep the other views (docs/abstention.md has the figures)."""
from __future__ import annotations

from typing import Callable, Mapping, Sequence

from ..data import packaged_model
from ..meaning import ChainText, FitModel, fit_features

__all__ = ["RelationFit", "load_fit_model"]


def load_fit_model(path: str) -> FitModel | None:
    """``path``: a model file, "" for the shipped one, "none" for no model."""
    if path == "none":
        return None
    return FitModel.load(path or packaged_model("relation-fit.npz"))


class RelationFit:
    """``model``: a ``FitModel``; ``kg_names``: the KG's relations with their names (read on first use)."""

    def __init__(self, matcher, model: FitModel, kg_names: Callable[[], Mapping[str, Sequence[str]]],
                 veto: float = 0.0, lift: float = 0.0, max_relations: int = 300):
        self.matcher, self.model, self._kg_names, self.max_relations = matcher, model, kg_names, max_relations
        self.veto, self.lift = veto or model.veto, lift or model.lift
        self._names: dict[str, tuple[str, ...]] | None = None

    def names(self) -> dict[str, tuple[str, ...]]:
        if self._names is None:
            self._names = {k: tuple(v) for k, v in self._kg_names().items()}
        return self._names

    def decides(self, relation_texts: Sequence[str], parts: dict, recognised: Sequence[str] = ()) -> bool:
        """Whether the fit model speaks for this chain: one hop, no prior, the scorer's probabilities known,
        no view but meaning recognised it (a question that names the relation word for word,
        ``alignment``, is answered as before), on a KG of at most ``max_relations`` relations."""
        return len(relation_texts) == 1 and "prior" not in parts and bool(parts.get("trained_top")) \
            and set(recognised) <= {"meaning"} and 0 < len(self.names()) <= self.max_relations

    def decision(self, masked: str, hops: Mapping[str, Sequence[str]], parts: dict, recognised: Sequence[str],
                 scorer=None, reverse: Sequence[bool] = ()) -> list[str] | None:
        """The views that recognise the chain once the fit model has read it, or None to leave the decision
        to the other views: [] when meaning alone recognised it and the probability is below the veto
        bar, ["fit"] when nothing did and it reaches the lift bar. Records ``parts["fit"]``."""
        p = self.probability(masked, hops, parts, scorer, reverse)
        if recognised and p < self.veto:
            return []
        if not recognised and p >= self.lift:
            return ["fit"]
        return None

    def probability(self, masked: str, hops: Mapping[str, Sequence[str]], parts: dict, scorer=None,
                    reverse: Sequence[bool] = ()) -> float:
        """P(the chain answers the question), recorded in ``parts["fit"]``. ``scorer``: the shared chain
        scorer (its score of the chain alone is a feature); ``reverse``: each hop's direction."""
        raw = 0.0
        if scorer is not None and self.matcher.encoder is not None:
            words = ChainText(tuple(hops), tuple(reverse) if len(reverse) == len(hops) else (False,) * len(hops))
            raw = float(scorer.score(masked, [words], self.matcher.encoder)[0])
        row = fit_features(masked, hops, self.names(), self.matcher, raw)
        parts["fit"] = p = round(float(self.model.probability(row)[0]), 4)
        return p

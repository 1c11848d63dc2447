"""The relation-fit decision of abstention: does the chosen chain answer the question at all?

The chain scorer and the meaning view rank a topic's chains against each other; on a KG with few
relations some relation is always the closest ("who runs Microsoft" and ``ceo``, "who was Chinua
Achebe married to" and ``notableWork``). ``FitModel`` (``kgsparql.meaning.fit``, trained with the right
chain taken away as negatives) reads the chain against the whole relation vocabulary of the KG and
gives an absolute probability. Where no trained prior speaks, the shared chain scorer has ranked the
candidates and no view but meaning recognised a one-hop chain, it decides: the chain is recognised
when the probability reaches the model's calibrated threshold (``fit_threshold`` to override) and not
otherwise. A question that names the chain's relation word for word (alignment) and chains of several
hops keep the other views (docs/abstention.md has the figures)."""
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
                 threshold: float = 0.0):
        self.matcher, self.model, self._kg_names = matcher, model, kg_names
        self.threshold = threshold or model.threshold
        self._names: dict[str, tuple[str, ...]] | None = None

    def names(self) -> dict[str, tuple[str, ...]]:
        if self._names is None:
            self._names = {k: tuple(v) for k, v in self._kg_names().items()}
        return self._names

    def decides(self, relation_texts: Sequence[str], parts: dict, recognised: Sequence[str] = ()) -> bool:
        """Whether the fit model speaks for this chain: one hop, no prior, the scorer's probabilities known,
        and no view but meaning recognised it (a question that names the relation word for word,
        ``alignment``, is answered as before)."""
        return len(relation_texts) == 1 and "prior" not in parts and bool(parts.get("trained_top")) \
            and set(recognised) <= {"meaning"} and bool(self.names())

    def fits(self, masked: str, hops: Mapping[str, Sequence[str]], parts: dict, scorer=None,
             reverse: Sequence[bool] = ()) -> bool:
        """P(the chain answers the question) reaches the threshold; records ``parts["fit"]``. ``scorer``:
        the shared chain scorer (its score of the chain alone is a feature); ``reverse``: each hop's direction."""
        raw = 0.0
        if scorer is not None and self.matcher.encoder is not None:
            words = ChainText(tuple(hops), tuple(reverse) if len(reverse) == len(hops) else (False,) * len(hops))
            raw = float(scorer.score(masked, [words], self.matcher.encoder)[0])
        row = fit_features(masked, hops, self.names(), self.matcher, raw)
        parts["fit"] = p = round(float(self.model.probability(row)[0]), 4)
        return p >= self.threshold

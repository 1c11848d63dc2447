"""Which learned chain-prior heads FRAG loads (``[methods.frag] chain_model``) and which of them
speak on the KG at hand: a head speaks only where the KG uses its chains' relation IRIs as
predicates (``predicates_held``, one query per batch of IRIs, once per KG)."""
from __future__ import annotations

from typing import Callable, Iterable

from ...learn import EmbeddingClassifier
from ...learn.chain_prior import ChainPrior
from ...sparql import load_query
from ...types import IRI

__all__ = ["chain_prior", "predicates_held", "PACKAGED_PRIORS"]

PACKAGED_PRIORS = ("chains.npz", "chains_freebase.npz")   # MetaQA/PathQuestion/WC2014; WebQSP+CWQ dev


def chain_prior(setting: str, load: Callable[[str], EmbeddingClassifier], adapter,
                packaged: Callable[[str], str]) -> ChainPrior | None:
    """``[methods.frag] chain_model``: "" = the packaged heads, "none" = no prior, else a comma list
    of ``.npz`` files from ``kgsparql train chains`` ("packaged" in it: the packaged heads too)."""
    if setting.strip() == "none":
        return None
    paths = []
    for item in [p.strip() for p in setting.split(",") if p.strip()] or ["packaged"]:
        paths.extend([packaged(n) for n in PACKAGED_PRIORS] if item == "packaged" else [item])
    return ChainPrior([load(p) for p in paths], lambda iris: predicates_held(adapter, iris))


def predicates_held(adapter, iris: Iterable[str], batch: int = 200) -> set[str]:
    """The IRIs among ``iris`` that the KG uses as predicates (one query per ``batch``)."""
    iris, out = list(iris), set()
    template = load_query("generic", "predicates_held")
    for i in range(0, len(iris), batch):
        rows = adapter.select(template, {"p": [IRI(x) for x in iris[i:i + batch]]})
        out.update(row["p"].value for row in rows if isinstance(row.get("p"), IRI))
    return out

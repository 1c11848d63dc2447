"""Claim verification (``kgsparql verify``): verifiers are plugins of the ``kgsparql.verifiers``
group, built as ``Verifier(ctx)`` with a ``MethodContext`` and called as ``verify(claim, id=...)``
returning a ``Verdict``. ``refkg`` is the default (docs/verify.md)."""
from __future__ import annotations

from .claim import ClaimForm, read_claim
from .refkg import RefKGOptions, RefKGVerifier
from .result import VERDICTS, SubClaim, Verdict
from .rules import decide, explain, flip

__all__ = ["ClaimForm", "read_claim", "RefKGOptions", "RefKGVerifier", "VERDICTS", "SubClaim", "Verdict",
           "decide", "explain", "flip", "build_verifier", "DEFAULT_VERIFIER"]

DEFAULT_VERIFIER = "refkg"


def build_verifier(kg, settings, name: str | None = None, llm=None, *, models=None):
    """The verifier ``name`` (default ``refkg``) on ``kg``, on the same context a method gets."""
    from ..linking import EntityLinker
    from ..models import Models
    from ..rank.base import Rankers
    from ..registry import check_plugin_tables, create
    from ..methods.context import MethodContext

    check_plugin_tables(settings)
    models = models if models is not None else Models()
    if llm is None:
        from ..llm import build_llm

        llm = build_llm(settings, models)
    rankers = Rankers(settings, models)
    linker = EntityLinker(kg, settings, models=models, rankers=rankers)
    return create("verifier", name or DEFAULT_VERIFIER, settings, context=MethodContext, models=models,
                  adapter=kg.adapter, linker=linker, rankers=rankers, llm=llm)

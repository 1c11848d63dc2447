"""Claim verification (``kgsparql verify``): verifiers are plugins of the ``kgsparql.verifiers``
group, built as ``Verifier(ctx)`` with a ``MethodContext`` and called as ``verify(claim, id=...)``
returning a ``Verdict``. ``refkg`` is the default (docs/verify.md)."""
from __future__ import annotations

from typing import Protocol, runtime_checkable

from .claim import ClaimForm, read_claim
from .refkg import RefKGOptions, RefKGVerifier
from .result import VERDICTS, SubClaim, Verdict
from .rules import decide, explain, flip

__all__ = ["ClaimForm", "read_claim", "RefKGOptions", "RefKGVerifier", "VERDICTS", "SubClaim", "Verdict",
           "decide", "explain", "flip", "build_verifier", "DEFAULT_VERIFIER", "ClaimVerifier"]

DEFAULT_VERIFIER = "refkg"


@runtime_checkable
class ClaimVerifier(Protocol):
    """A claim verifier plugin (group ``kgsparql.verifiers``), built once as ``Verifier(ctx)`` with a
    ``MethodContext`` and then called with data only."""

    name: str

    def verify(self, claim: str, *, id: str | None = None) -> Verdict:
        """True, false or not_enough_info for one claim, with evidence paths, a one-sentence
        explanation and the plan; ``Verdict.stats`` is filled by the caller."""
        ...


def build_verifier(kg, settings, name: str | None = None, llm=None, *, models=None) -> ClaimVerifier:
    """The verifier ``name`` (default ``refkg``) on ``kg``, on the same context a method gets."""
    from ..methods.base import context_parts
    from ..methods.context import MethodContext
    from ..registry import create

    return create("verifier", name or DEFAULT_VERIFIER, settings, context=MethodContext,
                  **context_parts(kg, settings, llm, models))

"""Whether a claim is negated, read from its body and its framing: a negator in the body denies
what it says, framing may deny the whole statement by what it means ("It's false that ...", "I
don't think ..."), and the two cancel."""
from __future__ import annotations

from .claim import denied_belief, negation_cues
from ..meaning import Polarity

__all__ = ["negated"]


def negated(ctx, text: str, framing: list[tuple[int, int]], names: list[tuple[int, int]]) -> tuple[bool, int]:
    """(negated, the negators in its body). Negated when a negator stands outside the framing and the names, or the framing denies the
    statement ("It's false that ...", "I don't think ..."), not both: a negator inside framing ("Believe it or not")
    counts only through what the framing means, one inside a name ("Nothing Hill") not at all."""
    body = sum(not any(a <= p < b for a, b in framing + names) for p in negation_cues(text))
    polarity = ctx.models.load(("claim-polarity", id(ctx.encoder)), lambda: Polarity(ctx.encoder))
    denials = sum(denied_belief(text[a:b]) or polarity.denies(text[a:b]) for a, b in framing)
    return (body > 0) != (denials % 2 == 1), body

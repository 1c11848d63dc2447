"""RefKG's own answer-or-abstain checks on the chain it chose: the chain's alignment with the
relations the question names (through the shared ``RelationMatch``), and the shared check for a
relation the KG lacks. The default method's verdict is asked beside them (``shared_verdict``)."""
from __future__ import annotations

from ..abstention import Match
from .judge import ChainJudge, QuestionJudge
from .refinement import supported

__all__ = ["own_reason", "lacking_reason"]


def own_reason(ctx, words: ChainJudge, judge: QuestionJudge, chain, topic: str, plan: dict,
               min_alignment: float) -> str | None:
    """Why the chain does not answer the question by RefKG's own check, or None; records the chain,
    its alignment and hop order (and a relation the question names instead) in ``plan``."""
    f1, order = judge.alignment(chain)
    plan.update(chain=words.words(chain), alignment=round(f1, 4), hop_order=round(order, 4))
    relation_match = ctx.abstention
    if relation_match is None:
        return None
    used = {ctx.adapter.verbalize(r) for r in chain}
    named = judge.evidence(sorted(used))
    if not named:
        return None     # the question names no relation of the KG: nothing to compare the chain with
    wanted = [label for e in named.values() for label in e if label not in used]
    plan["unnamed_hops"] = judge.unnamed_hops(chain)
    recognised = ("alignment",) if f1 >= min_alignment and not plan["unnamed_hops"] else ()
    match = Match(plan["chain"], {"alignment": f1}, recognised, wanted[0] if wanted else None)
    if wanted and not recognised:
        plan["wanted"] = wanted[0]     # the question names another relation of the KG
    return relation_match.reason(match, topic)


def lacking_reason(ctx, question: str, masked: str, chain, paths, topic: str, plan: dict) -> str | None:
    """The shared check every method's chain goes through: the question asks for a relation the KG
    lacks, and the chain's ends (of its kept ``paths``) are not what that relation gives
    (``RelationMatch.lacking_reason``)."""
    if ctx.abstention is None:
        return None
    verbalize = ctx.adapter.verbalize
    return ctx.abstention.lacking_reason(question, masked, [verbalize(r) for r in chain], supported(paths),
                                         topic, plan)

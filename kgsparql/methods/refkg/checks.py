"""RefKG's own answer-or-abstain checks on the chain it chose: the chain's alignment with the
relations the question names (through the shared ``RelationMatch``), and the shared check for a
relation the KG lacks. The default method's verdict is asked beside them (``shared_verdict``), and
where it answers along a chain RefKG reached, RefKG answers along that chain (``follow_default``)."""
from __future__ import annotations

from ..abstention import Match
from ..shared_verdict import default_choice
from .judge import ChainJudge, QuestionJudge
from .refinement import supported

__all__ = ["own_reason", "lacking_reason", "follow_default"]


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


def follow_default(verdict, question: str, plan: dict, ranked, groups, words) -> tuple[list, bool]:
    """``ranked`` ((chain, score), best first) with the chain the default method (``verdict``, None:
    off) answers ``question`` along first, where RefKG reached it (``default_choice``), and whether
    it did; ``plan["chain"]`` then names it and ``plan["followed"]`` is set."""
    chosen = default_choice(verdict, question, plan, [c for c, _ in ranked], words,
                            lambda c: [e.name for e in supported(groups[c])])
    if chosen is None:
        return ranked, False
    plan.update(chain=words(chosen), followed=True)
    return [*(cs for cs in ranked if cs[0] == chosen), *(cs for cs in ranked if cs[0] != chosen)], True

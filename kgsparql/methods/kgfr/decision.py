"""KGFR's answer-or-abstain decision, shared with every method where it can be: the chain's own score,
the shared relation match (``ctx.abstention``) with the shared trained chain scorer's view, the check
for relations the KG lacks, and the default method's decision (``verdict``), which also settles the
chain where KGFR's own choice is refused and the default method answers along another chain KGFR
reached; where the default method answers along a chain KGFR reached, KGFR answers along it
(``followed_chain``; docs/methods/kgfr.md, "Answering without an LLM, and abstaining")."""
from __future__ import annotations

from ...rank.path_words import chain_words
from .hop_alignment import returns
from ..shared_chains import chain_probabilities
from ..shared_verdict import answers_alike, answers_along, default_choice, shared_verdict

__all__ = ["with_trained", "mismatch", "default_chain", "default_answers", "followed_chain", "SETTLED"]

SETTLED = 1.0 - 1e-9    # a chain aligned on every hop with every relation word of the question


def with_trained(method, ranking: list, masked: str, ends: dict, prior=None, same_kind: bool = False) -> tuple[list, dict]:
    """The chains by score plus ``prior_weight`` x the default method's chain prior (``prior``, a
    ``QuestionPrior``: silent on a KG none of its heads knows, on a chain that never returns in a
    same-kind question, and there on a chain that walks on past a walk out and back aligned with
    every relation word of the question: "which movies share actors with X" is not walked on to
    their genres); ties of that, hop count and
    answer-type word ("which *year*") broken by the shared trained chain scorer's confidence, over
    the one-hop chains and the 30 best (before the MiniLM similarity of question and chain); the
    ranking and that confidence per chain."""
    pool = list(dict.fromkeys([*(c for c in ends if len(c) == 1), *(s.chain for s in ranking[:30])]))
    probs = chain_probabilities(method.trained, method.encoder, masked, pool, method.adapter.verbalize,
                                {c: len(ends[c]) for c in pool})
    weight = method.params.prior_weight if prior is not None else 0.0
    settled = {s.chain for s in ranking if s.score >= SETTLED and same_kind and returns(s.chain)}

    def of(chain) -> float:     # no support for a chain that walks on past a walk out and back that says it all
        if prior is None or any(chain[:n] in settled for n in range(1, len(chain))):
            return 0.0
        return prior.of(chain, same_kind)
    order = sorted(ranking, key=lambda s: (-round(s.score + weight * of(s.chain), 9), len(s.chain), -round(s.answer_type, 6),
                                           -round(probs.get(s.chain, 0.0), 6)))
    return order, probs


def _trained_view(found, chain, scorer) -> dict:
    """``trained`` and ``scorer`` for ``RelationMatch.assess``: what the default method gives it."""
    if chain not in found.trained:
        return {}
    return {"trained": (found.trained[chain], max(found.trained.values())), "scorer": scorer}


def mismatch(method, question: str, found, best) -> str | None:
    """Why the best chain does not answer the question: its score (plus the chain prior's weighted
    probability) is low while the question names KG relations, or (a one-hop chain) the shared abstention (``ctx.abstention``, every method's)
    recognises it in none of its views and the default method does not answer along it (asked only
    where the question names no other relation, of the KG or one it lacks), or (any
    chain) the question asks for a relation the KG lacks (``shared_abstention``), or the default
    method refuses the question (``verdict``)."""
    topic, plan = found.topics[0].name, found.plan
    backed = method.params.prior_weight * found.prior.of(best.chain, plan["sibling"])     # the prior's support
    if plan["relation_words"] > 0 and best.score + backed < method.params.min_score:
        return (f"nothing the KG holds about {topic} matches the question "
                f"(closest: '{plan['chain']}', score {best.score:.2f})")
    relation_match, verbalize = method.ctx.abstention, method.adapter.verbalize
    if relation_match is None or not method.params.shared_abstention:
        return None
    texts = [verbalize(r) for r in best.chain]
    if len(best.chain) == 1:   # a longer chain is judged by its own score: the views need the chain
        match = relation_match.assess(found.masked, " ; ".join(texts), texts,   # scorer and the answer
                                      topics=found.topics, chain=best.chain,   # type, which KGFR has not
                                      **_trained_view(found, best.chain, method.trained))
        plan["match"] = match.to_json()
        reason = relation_match.reason(match, topic)
        along = chain_words(best.chain, verbalize)      # with each hop's direction, as the plans show it
        if reason and (match.wanted or match.outside or not answers_along(method.verdict, question, plan, along)):
            return reason       # a question that names another relation is not asked of the default method
    return (relation_match.lacking_reason(question, found.masked, texts, found.answers, topic, plan)
            or shared_verdict(method.verdict, question, plan))      # the default method refuses it


def default_chain(found, verbalize, judge=None, question: str = ""):
    """The ranked chain the default method answered along, where it was asked, answered, and that
    chain is one KGFR reached; else None. Where the shared readings ordered the ranking
    (``plan["read"]``), the default method (``judge``) is asked here if it was not yet: KGFR's own
    checks may have refused before asking it."""
    if found.plan.get("read") and judge is not None:
        shared_verdict(judge, question, found.plan)
    verdict = found.plan.get("verdict") or {}
    if verdict.get("abstained") is not None or not verdict.get("chain"):
        return None
    return next((s for s in found.ranking if chain_words(s.chain, verbalize) == verdict["chain"]), None)


def default_answers(found, judge, question: str) -> bool:
    """Where the shared readings ordered the ranking, the default method answers the question with
    KGFR's answers (its plan a composition that names no one chain)."""
    return bool(found.plan.get("read")) and answers_alike(judge, question, found.plan, found.answers)


def followed_chain(method, found, question: str):
    """The ranked chain (``ChainScore``) the default method answers ``question`` along, by its words
    or, where its plan names none KGFR reached, by its answers (``default_choice``); None where it
    refuses, reached none of KGFR's chains, or the option ``follow_default`` is off."""
    if not method.params.follow_default:
        return None
    verbalize, by_chain = method.adapter.verbalize, {s.chain: s for s in found.ranking}
    chosen = default_choice(method.verdict, question, found.plan, list(by_chain), lambda c: chain_words(c, verbalize),
                            lambda c: [e.name for e in found.ends[c]])
    if chosen is None:
        return None
    verdict = found.plan["verdict"]
    if "match" in verdict and verdict.get("chain") == chain_words(chosen, verbalize):
        found.plan["match"] = verdict["match"]      # the decision's match: the default method's, on this chain
    return by_chain[chosen]

"""One abstention decision for every method: a method that chooses its relation chain by its own
judgement (RefKG, KGFR) also asks the default method whether it would refuse the question, with
every check that one makes (the shared ``RelationMatch`` views with the trained chain scorer and
prior, the answer-type and "kind of" checks, dates the question does not ask for, relations the KG
lacks, the plans for nested phrases), so that a question the default method refuses is refused by
every method, for the same reason. Where it answers, the method answers by its own judgement
(docs/abstention.md, option ``verdict`` of ``[methods.refkg]`` and ``[methods.kgfr]``).

The other way round, one decision too: where the method's own relation check refuses its chain but
the default method answers along that very chain (its views, the trained prior among them,
recognised it), the method answers (``answers_along``). And where the default method answers along
a chain the method reached too (its own retrieval found it), the method answers along that chain
(``default_choice``): one choice of chain for every method, read by every view the default method
has, while each method's retrieval decides what it can reach. Where the default method composes its
answer of sub-questions, the chain followed is the one the method reached that goes on from the
steps the sub-questions name and ends where the default method's answers are (``extending``)."""
from __future__ import annotations

import dataclasses

from ..errors import ConfigError

__all__ = ["verdict_method", "shared_verdict", "answers_along", "answers_alike", "default_choice", "extending"]


def verdict_method(ctx, name: str, own: str):
    """The registered method named by the option (``verdict``), built on the same context without an
    LLM (its refusal is the decision asked for, not its answer); None when the option is empty."""
    if not name:
        return None
    if name == own:
        raise ConfigError(f"method {own!r} cannot take its own verdict; name another method or \"\"")
    return dataclasses.replace(ctx, llm=None).method(name)


def shared_verdict(judge, question: str, plan: dict) -> str | None:
    """Why ``judge`` (the default method) refuses ``question``, or None when it answers; records its
    decision and the chain it judged in ``plan["verdict"]``."""
    if judge is None:
        return None
    if "verdict" not in plan:       # asked once per question
        answer = judge.answer(question)
        plan["verdict"] = {"method": judge.name, "abstained": answer.abstained, **_chain(answer.plan),
                           "answers": list(answer.answers)}
    return plan["verdict"]["abstained"]


def answers_along(judge, question: str, plan: dict, chain_text: str) -> bool:
    """Whether the default method answers ``question`` along the chain ``chain_text`` (the chain in
    the KG's words, as the plans show it): it recognised that chain with every view it has."""
    if judge is None or shared_verdict(judge, question, plan):
        return False
    return plan["verdict"].get("chain") == chain_text


def answers_alike(judge, question: str, plan: dict, answers) -> bool:
    """Whether the default method answers ``question`` with the same answers (as a set, not empty):
    for a chain the method reached through the default method's own chain readings, where the
    default method's plan names no one chain (a composition of sub-questions)."""
    if judge is None or not answers or shared_verdict(judge, question, plan):
        return False
    return set(plan["verdict"].get("answers") or ()) == set(answers)


def default_choice(judge, question: str, plan: dict, chains, words, ends):
    """The chain among ``chains`` (the method's own, best first) that the default method answers
    ``question`` along: the one its plan names (``words(chain)``, the chain in the plans' words) where
    that chain's ends (``ends(chain)``) share an answer with it; else the shortest (then best) whose
    ends are its answers, as a set; else the shortest that extends the steps its plan names
    (``extending``); else the named chain all the same (its answers may be its ends as shown, a
    date at the precision asked); None where it refuses, answers nothing or reached none of them.
    Asks the default method if it was not yet asked."""
    if judge is None or shared_verdict(judge, question, plan):
        return None
    verdict = plan["verdict"]
    named = verdict.get("chain")
    answers = set(verdict.get("answers") or ())
    found = next((c for c in chains if words(c) == named), None) if named else None
    if found is not None and (not answers or answers & set(ends(found))):
        return found
    alike = [c for c in chains if answers and set(ends(c)) == answers]
    if alike:
        return min(alike, key=len)      # the fewest hops that give those answers
    further = extending(chains, words, ends, verdict.get("steps") or ([named] if named else []), answers)
    return further if further is not None else found    # none goes on from it: the named chain, as named


def extending(chains, words, ends, steps, answers: set):
    """The chain that goes on from the steps the default method named (``steps``: the chains of a
    composition's leading sub-questions, in the plans' words, or the one chain it named whose ends
    are not its answers: "what else did the writer of X write" names ``written by`` and answers
    the writer's other works) and whose ends lie within its answers or hold them all (its last
    sub-question may read two relations, or keep the most frequent ends): the fewest hops, then the
    method's order. None without steps or answers."""
    if not steps or not answers:
        return None
    prefix = " ; ".join(steps) + " ; "
    held = [c for c in chains if words(c).startswith(prefix) and _nested(set(ends(c)), answers)]
    return min(held, key=len, default=None)     # min keeps the first (the method's best) of the fewest hops


def _nested(ends: set, answers: set) -> bool:
    return bool(ends) and (ends <= answers or answers <= ends)


def _chain(plan: dict) -> dict:
    """The chain the judge answered or refused along, where its plan names one (a one-question plan
    names it in its only sub-question's match); ``steps``: the chains named by a composition's
    leading sub-questions, each later one asked of the answers before it (``[#1]``)."""
    inner = plan.get("atomic") if isinstance(plan.get("atomic"), dict) else plan
    found = {k: inner[k] for k in ("chain", "match") if k in inner}
    subs = plan.get("sub_questions") or []
    if "chain" not in found and len(subs) == 1 and isinstance(subs[0].get("match"), dict):
        found = {"chain": subs[0]["match"].get("chain"), "match": subs[0]["match"]}
    if "chain" not in found and len(subs) > 1:
        found["steps"] = _steps(subs)
        found["unnamed_steps"] = len(subs) - len(found["steps"])     # sub-questions past the named steps
    return found


def _steps(subs: list) -> list[str]:
    """The leading sub-questions' chains, up to the first that names none; none where a later
    sub-question is not asked of the answers before it (``[#1]``): a conjunction's branches each
    start from their own topic, they are not one path."""
    if any("[#" not in str(sub.get("question", "")) for sub in subs[1:]):
        return []
    steps = []
    for sub in subs:
        match = sub.get("match") if isinstance(sub.get("match"), dict) else {}
        if not match.get("chain"):
            break
        steps.append(match["chain"])
    return steps

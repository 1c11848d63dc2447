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
has, while each method's retrieval decides what it can reach."""
from __future__ import annotations

import dataclasses

from ..errors import ConfigError

__all__ = ["verdict_method", "shared_verdict", "answers_along", "answers_alike", "default_choice"]


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
    ``question`` along: the one its plan names (``words(chain)``, the chain in the plans' words),
    else, where its plan is a composition that names none (or names one the method did not reach),
    the shortest (then best) whose end names (``ends(chain)``) are its answers, as a set; None where it refuses,
    answers nothing or reached none of them. Asks the default method if it was not yet asked."""
    if judge is None or shared_verdict(judge, question, plan):
        return None
    verdict = plan["verdict"]
    named = verdict.get("chain")
    found = next((c for c in chains if words(c) == named), None) if named else None
    answers = set(verdict.get("answers") or ())
    if found is None and answers:
        alike = [c for c in chains if set(ends(c)) == answers]
        found = min(alike, key=len) if alike else None     # the fewest hops that give those answers
    return found


def _chain(plan: dict) -> dict:
    """The chain the judge answered or refused along, where its plan names one (a one-question plan
    names it in its only sub-question's match)."""
    inner = plan.get("atomic") if isinstance(plan.get("atomic"), dict) else plan
    found = {k: inner[k] for k in ("chain", "match") if k in inner}
    subs = plan.get("sub_questions") or []
    if "chain" not in found and len(subs) == 1 and isinstance(subs[0].get("match"), dict):
        found = {"chain": subs[0]["match"].get("chain"), "match": subs[0]["match"]}
    return found

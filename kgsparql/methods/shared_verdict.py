"""One abstention decision for every method: a method that chooses its relation chain by its own
judgement (RefKG, KGFR) also asks the default method whether it would refuse the question, with
every check that one makes (the shared ``RelationMatch`` views with the trained chain scorer and
prior, the answer-type and "kind of" checks, dates the question does not ask for, relations the KG
lacks, the plans for nested phrases), so that a question the default method refuses is refused by
every method, for the same reason. Where it answers, the method answers by its own judgement
(docs/abstention.md, option ``verdict`` of ``[methods.refkg]`` and ``[methods.kgfr]``)."""
from __future__ import annotations

import dataclasses

from ..errors import ConfigError

__all__ = ["verdict_method", "shared_verdict"]


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
    answer = judge.answer(question)
    plan["verdict"] = {"method": judge.name, "abstained": answer.abstained, **_chain(answer.plan)}
    return answer.abstained


def _chain(plan: dict) -> dict:
    """The chain the judge answered or refused along, where its plan names one."""
    inner = plan.get("atomic") if isinstance(plan.get("atomic"), dict) else plan
    return {k: inner[k] for k in ("chain", "match") if k in inner}

"""Count questions for the methods that choose a chain by their own judgement (RefKG, KGFR): "How many
films did X direct?" is the counted question "which films did X direct?" answered in full, and its
answer is the number of distinct answers, as a plain integer (the way the default method answers a
count, docs/planning.md). A refusal of the counted question is the refusal of the count: a KG that
does not hold the relation has nothing to count. The count cue is English ("how many", "number of"),
read by the shared question shape (``meaning.shape``), never a KG's relation words."""
from __future__ import annotations

from typing import Callable

from ..meaning.shape import question_shape
from ..types import Answer
from .kelgop.aggregation import held_count
from .kelgop.lexicon import strip_count

__all__ = ["counted_question", "count_answer"]


def counted_question(question: str, masked: str, mention: str) -> str | None:
    """The question whose answers a count question counts, or None when it does not ask how many.
    The cue is read in the question with its topic mention masked, so a title such as "The Count of
    Monte Cristo" asks no count."""
    if not question_shape(masked).asks_count or strip_count(masked) == masked:
        return None
    inner = strip_count(question)
    return inner if inner != question and mention.lower() in inner.lower() else None


def count_answer(question: str, link, answer_fn: Callable[..., Answer], id: str | None = None,
                 adapter=None, abstention=None) -> Answer | None:
    """The count of ``answer_fn``'s answers to the counted question, or None when ``question`` asks no
    count (``link``: the question's entity link). The evidence, topics and plan are the counted
    question's; ``plan["count"]`` says what was counted. Where the one relation answering it holds
    numbers ("How many runways does X have?"), those numbers are the answer (``held_count``). A count of
    entities is refused where the default method's verdict on the counted question recognised its chain
    by the meaning view alone, no word naming it (``abstention.uncounted_reason``, a ``RelationMatch``)."""
    mention = link.topic_mention
    inner_question = counted_question(question, link.masked(), mention.text if mention else "")
    if inner_question is None:
        return None
    inner = answer_fn(inner_question, id=id)
    plan = {**inner.plan, "count": {"counted": inner_question, "of": len(inner.answers)}}
    if inner.abstained or not inner.answers:
        return Answer(question, (), evidence=inner.evidence, entities=inner.entities, plan=plan, id=id,
                      abstained=inner.abstained or "nothing to count")
    held = _held(adapter, inner) if adapter is not None else None
    if held is not None:
        return Answer(question, held, evidence=inner.evidence, entities=inner.entities,
                      plan={**plan, "count": {"counted": inner_question, "value held": held[0]}}, id=id)
    verdict = (inner.plan.get("verdict") or {}).get("match")
    topic = inner.entities[0].name if inner.entities else (mention.text if mention else "the topic")
    refused = abstention.uncounted_reason(verdict, topic) if abstention is not None else None
    if refused:
        return Answer(question, (), evidence=inner.evidence, entities=inner.entities, plan=plan, id=id, abstained=refused)
    return Answer(question, (str(len(set(inner.answers))),), evidence=inner.evidence, entities=inner.entities,
                  plan=plan, id=id)


def _held(adapter, inner: Answer) -> tuple[str, ...] | None:
    """``held_count`` over the one-hop evidence paths that end in the counted answers."""
    names = set(inner.answers)
    paths = [p for p, _ in inner.evidence if p.end is not None and p.end.name in names]
    relations = {p.relations for p in paths}
    if len(relations) != 1 or len(next(iter(relations))) != 1:
        return None
    return held_count(adapter, next(iter(relations)), [p.end for p in paths])

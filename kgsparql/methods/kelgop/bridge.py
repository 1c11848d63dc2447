"""The bridge of a question's own composition is not its answer. "The author who published X, which
political ideal does he follow?" describes a person by a clause that ends in the topic and asks
something else about that person. So does a noun that a preposition or a reduced clause ties to
the topic ("where did *the composer of* X grow up", "where does *the team head coached by* X play";
``nested_phrases.bridge_phrases``). When the atomic answerer took only that phrase's hop (X -> its
author) the answers are that person, the composition's bridge: the rest of the question is then asked
about each of them, one hop, and its answers replace the bridge. With ``check`` the rest is answered
only where its relation passes the abstention check (the relation the rest asks for fits one that
leaves the bridge). When the rest finds nothing, the answers stand as they were."""
from __future__ import annotations

from ...linking.topics import MASK
from ...rank.path_words import chain_words
from .nested_phrases import bridge_phrases
from .sub_questions import Outcome, SubQuestion

__all__ = ["past_bridge"]


def past_bridge(planner, link, outcome: Outcome, check: bool = True) -> Outcome | None:
    """``outcome`` with the rest of the question asked about its answers when they are the bridge
    of a clause composition (a one-hop chain from the topic along a relation the clause names); None
    when they are not, or when the rest of the question finds nothing about them."""
    if outcome.category != "simple" or len(outcome.subs) != 1 or len(outcome.subs[0].chain or ()) != 1:
        return None
    sub = outcome.subs[0]
    clauses = [comp for comp in bridge_phrases(link.masked(), MASK) if planner.relation_labels(comp.inner)]
    if not clauses:
        return None
    words = chain_words(sub.chain, planner.adapter.verbalize)
    inner, outer = planner.ctx.ranker("embedding").rank(words, [clauses[0].inner, clauses[0].outer])
    if inner <= outer:
        return None                     # the hop is what the rest of the question asks for
    outer, topics = clauses[0].outer, set(link.topics())
    answers, entities, evidence = {}, {}, []
    for bridge in sub.entities[: planner.per_entity]:
        rest = planner.atomic.ask(outer.replace(MASK, bridge.name), [bridge], outer, max_hops=1, check=check)
        evidence.extend(rest.evidence)
        for name, entity in zip(rest.answers, rest.entities or (None,) * len(rest.answers)):
            if entity is not None and (entity in topics or entity in sub.entities):
                continue
            answers.setdefault(name, None)
            if entity is not None:
                entities.setdefault(entity, None)
    if not answers:
        return None
    last = SubQuestion(outer.replace(MASK, "[#1]"), tuple(answers), tuple(entities), None, evidence)
    return Outcome("composition", tuple(answers), [sub, last], note="the answers of the clause's hop are its bridge")

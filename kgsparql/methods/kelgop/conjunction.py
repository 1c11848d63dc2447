"""KELGoP's conjunction without an LLM: each named entity constrains the answer through one relation;
the answer is the intersection of their neighbour sets (one ``neighbors`` query per entity), over the
pair of relations that best matches the question (the atomic answerer's ``rank_chains`` on each
one-hop chain)."""
from __future__ import annotations

from collections import defaultdict
from itertools import combinations, product

from .categories import Shape
from .sub_questions import Outcome, SubQuestion
from ...rank.path_words import chain_words

__all__ = ["intersect"]


def _neighbour_sets(adapter, entity) -> dict:
    out: dict = defaultdict(dict)
    for t in adapter.neighbors([entity], None, "both"):
        out[t.relation][t.tail] = None
    return out


def _relation_scores(planner, masked: str, relations) -> dict:
    ranked = planner.atomic.method.rank_chains(masked, [(r,) for r in relations])
    return {chain[0]: score for chain, score in ranked}


def intersect(planner, question: str, shape: Shape):
    """The named entities' common neighbours; when all of them share none, the largest group that
    does (in mention order): a word that merely names a tag or kind ("director") is not a constraint."""
    named = list(shape.entities[:3])
    sets = {e: _neighbour_sets(planner.adapter, e) for e in named}
    scores = {e: _relation_scores(planner, shape.masked, list(sets[e])) for e in named}
    for size in range(len(named), 1, -1):
        for entities in combinations(named, size):
            outcome = _common(planner, list(entities), [sets[e] for e in entities], [scores[e] for e in entities])
            if outcome is not None:
                return outcome
    return Outcome("conjunction", note="the entities share no neighbour")


def _common(planner, entities: list, sets: list, scores: list):
    best, best_score = None, float("-inf")
    for combo in product(*[list(s) for s in sets]):
        common = set(sets[0][combo[0]])
        for i, rel in enumerate(combo[1:], 1):
            common &= set(sets[i][rel])
        common -= set(entities)
        if not common:
            continue
        score = sum(scores[i].get(rel, 0.0) for i, rel in enumerate(combo))
        if score > best_score:
            best, best_score = (combo, common), score
    if best is None:
        return None
    combo, common = best
    subs = [SubQuestion(f"{e.name} : {chain_words((r,), planner.adapter.verbalize)}",
                tuple(t.name for t in sets[i][r]), tuple(sets[i][r])) for i, (e, r) in enumerate(zip(entities, combo))]
    order = [t for t in sets[0][combo[0]] if t in common]
    names = tuple(dict.fromkeys(t.name for t in order))
    subs.append(SubQuestion(" and ".join(f"[#{i + 1}]" for i in range(len(entities))), names, tuple(order)))
    return Outcome("conjunction", names, subs, {"op": "intersection", "relations": [
        chain_words((r,), planner.adapter.verbalize) for r in combo]})


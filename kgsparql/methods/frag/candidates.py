"""FRAG's retrieval half: route the question, expand and prune the topic's subgraph, collect the paths
and the candidate relation chains (``retrieve``); then the evidence shown for a ranking
(``evidence_paths``, ``best_chain_first``). The judging half (rank, match, abstain, answer) is
``method.FRAG``."""
from __future__ import annotations

from dataclasses import dataclass, field, replace

from ...retrieval import (all_paths, chain_ends, expand_subgraph, group_by_chain, paths_along,
                         personalized_pagerank, prune_to_top_n, shortest_paths)

__all__ = ["Candidates", "retrieve", "evidence_paths", "best_chain_first"]


@dataclass(frozen=True)
class Candidates:
    groups: dict        # chain -> paths realising it in the subgraph
    candidates: list    # every chain considered
    ppr: dict           # entity -> personalised PageRank
    answers: dict       # chain -> how many entities it reaches in the subgraph
    ends: dict = field(default_factory=dict)    # chain -> the entities it reaches in the subgraph


def retrieve(adapter, router, qchains, embedding, params, topics, walks, max_hops: int | None = None,
             per_branch: bool = False, named_hops: int = 0):
    """Route, expand and prune the subgraph, collect paths and candidate chains: (``Candidates``, the
    plan so far). ``qchains``: the chain scorer for this question; ``embedding``: the question's;
    ``per_branch``: relations pruned per branch (``expand_subgraph``); ``named_hops``: how many
    relations the question names, which widens the route up to ``hops_complex``."""
    p = params
    route = router.route(embedding, qchains.confident_length())
    if route.hops < named_hops <= p.hops_complex:
        route = replace(route, hops=named_hops)
    if max_hops is not None and route.hops > max_hops:
        route = replace(route, kind="simple", hops=max_hops)
    sub = expand_subgraph(adapter, topics, route.hops, scorer=qchains.relation_scores,
                          top_m=p.top_m, fanout_cap=p.fanout_cap, first_cap=p.fanout_cap_first,
                          per_branch=per_branch)
    ppr = personalized_pagerank(sub, topics, p.damping)
    sub = prune_to_top_n(sub, ppr, p.top_n)
    if route.kind == "simple":
        paths = all_paths(sub, topics, route.hops)
    else:
        paths = shortest_paths(sub, topics, max_len=route.hops)
    for chain in qchains.likely_chains(route.hops):
        paths.extend(paths_along(sub, topics, chain, walks=walks))
    groups = group_by_chain(paths)
    ends = chain_ends(sub, topics, route.hops, walks=walks)
    candidates = list(groups) + [c for c in ends if c not in groups]
    answers = {c: len(e) for c, e in ends.items()}
    plan = {"route": route.kind, "route_confidence": route.confidence, "hops": route.hops,
            "topic_entities": [e.to_json() for e in topics], "subgraph_edges": sub.edge_count(),
            "paths": len(paths), "chains": len(candidates), "walks": walks}
    return Candidates(groups, candidates, ppr, answers, ends), plan


def evidence_paths(ranked, found: Candidates, top_u: int) -> list:
    """The top-u paths, best chain first, each chain's paths by PageRank of their end."""
    evidence = []
    for chain, score in ranked:
        paths = sorted(found.groups.get(chain, ()), key=lambda q: (-found.ppr.get(q.end, 0.0), q.end.id))
        evidence.extend((path, score) for path in paths[: top_u - len(evidence)])
        if len(evidence) >= top_u:
            break
    return evidence


def best_chain_first(chain_paths, evidence, score, top_u):
    """The chosen chain's own paths (as followed over the whole KG) first, then the rest of ``evidence``."""
    head = [(path, score) for path in chain_paths[:top_u]]
    seen = {path for path, _ in head}
    return head + [(path, s) for path, s in evidence if path not in seen][: max(0, top_u - len(head))]

"""FRAG (Gao et al., 2025, "FRAG: A Flexible Modular Framework for Retrieval-Augmented Generation
based on Knowledge Graphs"): reasoning-aware routing, a pruned k-hop subgraph (PPR + relation
ranking), BFS or shortest-path retrieval, path reranking, then answering with or without an LLM.
See docs/methods/frag.md for the mapping from the paper to this code."""
from __future__ import annotations

from pathlib import Path

from ..config import Settings
from ..errors import LinkingError
from ..learn import EmbeddingClassifier
from ..retrieval import (all_paths, expand_subgraph, group_by_chain, paths_along, personalized_pagerank,
                         prune_to_top_n, shortest_paths)
from ..types import Answer, Entity
from .frag_answer import answer_from_chain, answer_with_llm, mask_mention
from .frag_parts import ChainScorer, FragParams, Router, packaged_model

__all__ = ["FRAG"]


class FRAG:
    name = "frag"

    def __init__(self, kg, *, settings: Settings, llm=None):
        from ..linking import EntityLinker
        from ..rank import build_ranker

        self.kg, self.adapter, self.llm = kg, kg.adapter, llm
        self.params = p = FragParams.from_settings(settings)
        self.linker = EntityLinker(kg, settings)
        self.ranker = build_ranker(p.ranker, settings)
        self.encoder = build_ranker("embedding", settings)
        self.encoder.embed(["load the model now"])  # at construction, not inside the first question's time
        self.router = Router(EmbeddingClassifier.load(p.router_model or packaged_model("router.npz")), p)
        chain_path = p.chain_model or packaged_model("chains.npz")
        prior = EmbeddingClassifier.load(chain_path) if Path(chain_path).is_file() else None
        self.chains = ChainScorer(prior, self.ranker, self.adapter.verbalize, p)

    def _topics(self, link) -> list[Entity]:
        for mention in link.mentions:
            if mention.candidates:
                return [mention.candidates[0].entity]
        raise LinkingError("no entity of the knowledge graph was found in the question")

    def answer(self, question: str, *, id: str | None = None) -> Answer:
        p = self.params
        link = self.linker.link(question)
        topics = self._topics(link)
        masked = mask_mention(link)
        embedding = self.encoder.embed([masked])[0]
        route = self.router.route(embedding)
        qchains = self.chains.for_question(masked, embedding)
        sub = expand_subgraph(self.adapter, topics, route.hops, scorer=qchains.relation_scores,
                              top_m=p.top_m, fanout_cap=p.fanout_cap,
                              first_cap=p.fanout_cap_first)
        ppr = personalized_pagerank(sub, topics, p.damping)
        sub = prune_to_top_n(sub, ppr, p.top_n)
        if route.kind == "simple":
            paths = all_paths(sub, topics, route.hops)
        else:
            paths = shortest_paths(sub, topics, max_len=route.hops)
        for chain in qchains.likely_chains(route.hops):
            paths.extend(paths_along(sub, topics, chain))
        groups = group_by_chain(paths)
        ranked = qchains.rank_chains(list(groups))
        evidence = []
        for chain, score in ranked:
            for path in sorted(groups[chain], key=lambda q: (-ppr.get(q.end, 0.0), q.end.id))[: p.top_u - len(evidence)]:
                evidence.append((path, score))
            if len(evidence) >= p.top_u:
                break
        plan = {"route": route.kind, "route_confidence": route.confidence, "hops": route.hops,
                "topic_entities": [e.to_json() for e in topics], "subgraph_edges": sub.edge_count(),
                "paths": len(paths)}
        answers: tuple[str, ...] = ()
        if ranked:
            best = ranked[0][0]
            plan["chain"] = self.chains.verbalize_chain(best)
            answers, chain_paths = answer_from_chain(self.adapter, topics, best, ppr)
            evidence = _best_chain_first(chain_paths, evidence, ranked[0][1], p.top_u)
        plan["answered_by"] = "paths"
        if self.llm is not None and evidence:
            answers, plan["answered_by"] = answer_with_llm(self.llm, question, evidence, answers)
        return Answer(question, tuple(answers), tuple(evidence), {}, tuple(topics), plan, id)


def _best_chain_first(chain_paths, evidence, score, top_u):
    head = [(path, score) for path in chain_paths[:top_u]]
    seen = {path for path, _ in head}
    return head + [(path, s) for path, s in evidence if path not in seen][: max(0, top_u - len(head))]

"""FRAG (Gao et al., 2025, "FRAG: A Flexible Modular Framework for Retrieval-Augmented Generation
based on Knowledge Graphs"): reasoning-aware routing, a pruned k-hop subgraph (PPR + relation
ranking), BFS or shortest-path retrieval, path reranking, then answering with or without an LLM.
See docs/methods/frag.md for the mapping from the paper to this code."""
from __future__ import annotations

from dataclasses import dataclass, replace

from ...learn import EmbeddingClassifier, chain_key
from ...retrieval import (NEIGHBOR_LIMIT, all_paths, chain_ends, expand_subgraph, follow_chain, group_by_chain,
                         paths_along, personalized_pagerank, prune_to_top_n, shortest_paths)
from ...data import packaged_model
from ...meaning import ChainScorer as TrainedChainScorer, question_shape
from ...rank.mentions import asks_for_like
from ...types import Answer
from ..context import MethodContext
from ..chain_length import prefer_prefixes, prefer_return, returns_to_topic
from ..no_answer import abstain, link_or_abstain, no_fact
from ..topic_answer import TopicAnswer
from .llm_steps import answer_with_llm
from .answer_typing import AnswerTyping
from .chains import ChainScorer, chain_prior
from .options import FragOptions
from .routing import Router

__all__ = ["FRAG"]


class FRAG:
    """FRAG (Gao et al. 2025): route by question shape, prune a k-hop subgraph, rerank relation chains."""

    name = "frag"
    Options = FragOptions

    def __init__(self, ctx: MethodContext):
        self.ctx, self.params = ctx, (p := ctx.options or FragOptions())
        self.adapter, self.linker, self.llm = ctx.adapter, ctx.linker, ctx.llm
        rankers = [ctx.ranker(name) for name in p.rankers]
        self.encoder = ctx.warm_encoder()
        lexical = getattr(self.encoder, "lexical", False)    # no MiniLM: the trained heads cannot read it
        self.router = Router(None if lexical else self._classifier(p.router_model or packaged_model("router.npz")), p)
        prior = None if lexical else chain_prior(p.chain_model, self._classifier, self.adapter, packaged_model)
        relation_path = p.relation_model or packaged_model("relations.npz")
        trained = self._trained(relation_path) if relation_path != "none" and not lexical else None
        self.chains = ChainScorer(prior, rankers, self.adapter.verbalize, p, trained, self.encoder)
        self.typing = AnswerTyping(ctx, self.adapter.verbalize, self.chains.verbalize_chain)

    def _classifier(self, path: str) -> EmbeddingClassifier:
        return self.ctx.models.load(("classifier", str(path)), lambda: EmbeddingClassifier.load(path))

    def _trained(self, path: str) -> TrainedChainScorer:
        return self.ctx.models.load(("chain-scorer", str(path)), lambda: TrainedChainScorer.load(path))

    def _match(self, masked: str, qchains, chain, candidates, topics=()):
        """How well ``chain`` matches the question; the prior speaks only when it knows some candidate."""
        probs = qchains.probs
        known = bool(probs) and any(chain_key(c) in probs for c in candidates)
        trained = qchains.trained_probability
        return self.ctx.abstention.assess(
            masked, self.chains.verbalize_chain(chain), [self.adapter.verbalize(r) for r in chain],
            probs.get(chain_key(chain), 0.0) if known else None, max(probs.values()) if known else None,
            topics=topics, chain=chain,
            trained=(trained[chain], max(trained.values())) if chain in trained else None,
            scorer=self.chains.trained)

    def _asks_for_hop(self, masked: str, chain) -> bool:
        """The question asks for the chain's last hop itself: it asks for entities like the topic
        ("who acted alongside X"), or its words align better with the chain than with its prefix."""
        if asks_for_like(masked):
            return True
        prefix, whole = self.ctx.ranker("alignment").rank(
            masked, [self.chains.verbalize_chain(chain[:-1]), self.chains.verbalize_chain(chain)])
        return whole > prefix

    def answer(self, question: str, *, id: str | None = None) -> Answer:
        link, unlinked = link_or_abstain(self.linker, question, id)
        if unlinked:
            return unlinked
        return self.answer_about(question, link.topics(), link.masked(), id=id).answer

    def answer_about(self, question: str, topics, masked: str, *, id: str | None = None,
                     max_hops: int | None = None, check: bool = True) -> TopicAnswer:
        """The atomic answerer (``TopicAnswerer``): ``question`` about the given ``topics``
        (``masked`` is the question with the topic replaced by the mask). Planners call it with topics
        they found themselves and ``max_hops=1`` for a sub-question that is one fact, ``check=False``
        where the plan, not this sub-question, is checked against the question."""
        topics = list(topics)
        qchains, found, plan = self._retrieve(masked, topics, max_hops)
        ranked = qchains.rank_chains(found.candidates, found.answers)
        like = False
        if not any(chain_key(c) in qchains.probs for c in found.candidates):
            ranked, like = self._zero_shot_order(question, masked, topics, ranked, found)
        typed = self.typing.order(masked, ranked, like)
        ranked = typed.ranked
        evidence = self._evidence(ranked, found)
        if not ranked:
            return TopicAnswer(abstain(question, no_fact(topics[0]), evidence, topics, plan, id))
        best, score = ranked[0]
        returned = like and len(best) == 2 and best[1] == best[0].reversed()    # the way back is asked by grammar:
        match = self._match(masked, qchains, best[:1] if returned else best, found.candidates, topics)  # judge the way out
        match = self.typing.recognise(match, typed, best)
        plan.update(chain=self.chains.verbalize_chain(best), chain_key=chain_key(best), match=match.to_json())
        result = follow_chain(self.adapter, topics, best, walks=self.ctx.walks, scores=found.ppr,
                              limit=NEIGHBOR_LIMIT)  # the first hop's query is then the subgraph's own
        evidence = _best_chain_first(list(result.paths), evidence, score, self.params.top_u)
        reason = (self.ctx.abstention.reason(match, topics[0].name) or self.typing.missing(topics, best, typed)
                  or self.ctx.abstention.kind_reason(question, match, result.answers, topics[0].name)) if check else None
        if reason or not result.answers:
            return TopicAnswer(abstain(question, reason or no_fact(topics[0]), evidence, topics, plan, id), best)
        answers, plan["answered_by"] = result.names, "paths"
        if self.llm is not None and evidence:
            answers, plan["answered_by"] = answer_with_llm(self.llm, question, evidence, answers)
        ends = {e.name: e for e in reversed(result.answers)}      # a name's best-ranked entity
        answer = Answer(question, tuple(answers), evidence=tuple(evidence), entities=tuple(topics), plan=plan, id=id)
        return TopicAnswer(answer, best, tuple(ends[n] for n in answers if n in ends), match.prior_when_chosen())

    def _zero_shot_order(self, question: str, masked: str, topics, ranked, found) -> tuple[list, bool]:
        """The prior knows none of the chains (another KG): an extra hop back to the topic's kind must
        be asked for; a "who" question for entities like the topic ("who has acted alongside X") takes
        the chain that comes back. Also whether the question asks for such entities."""
        ranked = prefer_prefixes(ranked, lambda c: not self._asks_for_hop(masked, c) and returns_to_topic(
            self.adapter, topics, c, {p.triples[-1].head for p in found.groups.get(c, ())}))
        like = asks_for_like(masked) and question_shape(question).answer == "person"
        return (prefer_return(ranked) if like else ranked), like

    def rank_chains(self, masked: str, chains) -> list:
        """``chains`` scored against the (masked) question by the chain prior and the rankers, best first."""
        return self.chains.for_question(masked, self.encoder.embed([masked])[0]).rank_chains(chains)

    def _retrieve(self, masked: str, topics, max_hops: int | None = None):
        """Route, expand and prune the subgraph, collect paths and candidate chains; and the plan so far."""
        p, walks = self.params, self.ctx.walks
        embedding = self.encoder.embed([masked])[0]
        qchains = self.chains.for_question(masked, embedding)
        route = self.router.route(embedding, qchains.confident_length())
        if max_hops is not None and route.hops > max_hops:
            route = replace(route, kind="simple", hops=max_hops)
        sub = expand_subgraph(self.adapter, topics, route.hops, scorer=qchains.relation_scores,
                              top_m=p.top_m, fanout_cap=p.fanout_cap, first_cap=p.fanout_cap_first)
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
        return qchains, _Found(groups, candidates, ppr, answers), plan

    def _evidence(self, ranked, found: "_Found") -> list:
        """The top-u paths, best chain first, each chain's paths by PageRank of their end."""
        top_u, evidence = self.params.top_u, []
        for chain, score in ranked:
            paths = sorted(found.groups.get(chain, ()), key=lambda q: (-found.ppr.get(q.end, 0.0), q.end.id))
            evidence.extend((path, score) for path in paths[: top_u - len(evidence)])
            if len(evidence) >= top_u:
                break
        return evidence


@dataclass(frozen=True)
class _Found:
    groups: dict        # chain -> paths realising it in the subgraph
    candidates: list    # every chain considered
    ppr: dict           # entity -> personalised PageRank
    answers: dict       # chain -> how many entities it reaches in the subgraph


def _best_chain_first(chain_paths, evidence, score, top_u):
    head = [(path, score) for path in chain_paths[:top_u]]
    seen = {path for path, _ in head}
    return head + [(path, s) for path, s in evidence if path not in seen][: max(0, top_u - len(head))]

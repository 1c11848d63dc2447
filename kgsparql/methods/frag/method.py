"""FRAG (Gao et al., 2025, "FRAG: A Flexible Modular Framework for Retrieval-Augmented Generation
based on Knowledge Graphs"): reasoning-aware routing, a pruned k-hop subgraph (PPR + relation
ranking), BFS or shortest-path retrieval, path reranking, then answering with or without an LLM.
See docs/methods/frag.md for the mapping from the paper to this code. Retrieval (route, subgraph,
candidate chains) is ``candidates.py``; this module ranks, judges and answers."""
from __future__ import annotations

from dataclasses import replace

from ...learn import EmbeddingClassifier, chain_key
from ...retrieval import NEIGHBOR_LIMIT, follow_chain
from ...data import packaged_model
from ...meaning import ChainScorer as TrainedChainScorer
from ...rank.mentions import like_through_phrase
from ...types import Answer
from ..context import MethodContext
from ..kind_fit import KindFit
from ..chain_length import prefer_return
from ..no_answer import abstain, link_or_abstain, no_fact
from ..topic_answer import TopicAnswer
from .llm_steps import answer_with_llm
from .answer_typing import AnswerTyping
from .candidates import best_chain_first, evidence_paths, retrieve
from .dated_ends import dated_labels, undated_first
from .clause_hop import clause_hop_first
from .far_end import far_end_first
from .type_fit import type_fit_order
from .walk_on import WalkOn
from .small_kg import SmallKgChains
from .zero_shot import ZeroShotOrder
from .chains import ChainScorer, chain_prior
from .judging import ChainJudging
from .options import FragOptions
from .routing import Router

__all__ = ["FRAG"]


class FRAG(ChainJudging):
    """FRAG (Gao et al. 2025): route by question shape, prune a k-hop subgraph, rerank relation chains."""

    name = "frag"
    Options = FragOptions

    def __init__(self, ctx: MethodContext):
        self.ctx, self.params = ctx, (p := ctx.options or FragOptions())
        self.adapter, self.linker, self.llm = ctx.adapter, ctx.linker, ctx.llm
        rankers = [ctx.ranker(name) for name in p.rankers]
        self.encoder = ctx.warm_encoder()
        lexical = getattr(self.encoder, "lexical", False)
        self.encoder_lexical = lexical    # no MiniLM: the trained heads cannot read it
        self.router = Router(None if lexical else self._classifier(p.router_model or packaged_model("router.npz")), p)
        prior = None if lexical else chain_prior(p.chain_model, self._classifier, self.adapter, packaged_model)
        relation_path = p.relation_model or packaged_model("relations.npz")
        trained = self._trained(relation_path) if relation_path != "none" and not lexical else None
        self.chains = ChainScorer(prior, rankers, self.adapter.verbalize, p, trained, self.encoder)
        self.typing = AnswerTyping(ctx, self.adapter.verbalize, self.chains.verbalize_chain)
        self.kind_fit = KindFit(self.encoder, self.adapter.verbalize) if p.kind_fit else None
        self.small = SmallKgChains(ctx, self.adapter.verbalize, self.kind_fit, p)
        self.zero_shot = ZeroShotOrder(ctx, self.adapter, self.chains.verbalize_chain, self.kind_fit, p)
        self.walk_on = WalkOn(self.adapter, lead=p.walk_lead, fetch=p.walk_fetch) if p.walk_on else None

    def _classifier(self, path: str) -> EmbeddingClassifier:
        return self.ctx.models.load(("classifier", str(path)), lambda: EmbeddingClassifier.load(path))

    def _trained(self, path: str) -> TrainedChainScorer:
        return self.ctx.models.load(("chain-scorer", str(path)), lambda: TrainedChainScorer.load(path))

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
        embedding = self.encoder.embed([masked])[0]
        qchains = self.chains.for_question(masked, embedding)
        branch = self.small.per_branch(qchains)
        found, plan = retrieve(self.adapter, self.router, qchains, embedding, self.params, topics,
                               self.ctx.walks, max_hops, branch, self.small.named_hops(masked) if branch else 0)
        ranked = qchains.rank_chains(found.candidates, found.answers)
        like, unfit = False, frozenset()
        unknown = not any(chain_key(c) in qchains.probs for c in found.candidates)
        if unknown:
            ranked, like = self.zero_shot.order(question, masked, topics, ranked, found)
            unfit = self.zero_shot.unfit(question, ranked, found)
        elif ranked and len(ranked[0][0]) == 1 and like_through_phrase(masked):   # "what else did the
            ranked, like = prefer_return(ranked), True          # writer of X write": out and back again
        typed = self.zero_shot.by_number(masked, self.typing.order(masked, ranked, like), found, unknown)
        undated_kind = self._asks_undated(question)     # "who", "which label": no date answers it
        ranked = undated_first(question, typed.ranked, found.groups, undated_kind=undated_kind) \
            if self.params.undated_who else typed.ranked
        if ranked and undated_kind:     # "released" names no rival of a "which label" chain
            unfit = unfit | dated_labels(found.groups, ranked[0][0], self.adapter.verbalize)
        walked = None
        if self.params.type_fit and not self.encoder_lexical:     # "what *music*": ends near the noun asked for
            walk = self.walk_on if unknown and self.zero_shot.small_kg() else None
            ranked, walked = type_fit_order(self.encoder, masked, ranked, found.ends, lead=self.params.type_fit_lead,
                                            walk=walk)
            if walk is not None and self.params.far_end and ranked:     # "which buildings stand in the capital
                stop = ranked[0][0]                                     # of X": not the capital itself
                ranked = far_end_first(self.encoder, masked, ranked, found.ends)
                walked = ranked[0][0] if ranked[0][0] != stop else walked
            if walk is not None and self.params.clause_hop:     # "the university that employs X"
                ranked = clause_hop_first(self.encoder, masked, ranked, self.adapter.verbalize)
        evidence = evidence_paths(ranked, found, self.params.top_u)
        if not ranked:
            return TopicAnswer(abstain(question, no_fact(topics[0]), evidence, topics, plan, id))
        best, score = ranked[0]
        returned = like and len(best) == 2 and best[1] == best[0].reversed()    # the way back is asked by grammar:
        match = self._match(masked, qchains, best[:1] if returned else best, found.candidates, topics,
                            unfit, self.zero_shot.entity_fit(question, best, found))  # judge the way out
        match = self.typing.recognise(match, typed, best)
        held = self._held_named(match, masked, qchains, ranked, found, topics, unfit, typed,
                                lambda chain: self.zero_shot.entity_fit(question, chain, found))
        if held is not None:            # the relation the question names, which the topic holds
            best, score, match = held
        bridged = not match.recognised and not match.wanted and \
            self.small.bridged(question, masked, qchains, best, found, topics)
        if bridged:
            match = replace(match, recognised=("bridge",))
        elif walked == best and self._walked_on(match, masked, qchains, best, found, topics, unfit):
            match = replace(match, recognised=("answer kind",))
        plan.update(chain=self.chains.verbalize_chain(best), chain_key=chain_key(best), match=match.to_json())
        result = follow_chain(self.adapter, topics, best, walks=self.ctx.walks, scores=found.ppr,
                              limit=NEIGHBOR_LIMIT)  # the first hop's query is then the subgraph's own
        evidence = best_chain_first(list(result.paths), evidence, score, self.params.top_u)
        reason = self._reason(question, match, topics, best, typed, result.answers) if check else None
        plan["match"] = match.to_json()
        if reason or not result.answers:
            return TopicAnswer(abstain(question, reason or no_fact(topics[0]), evidence, topics, plan, id), best)
        answers, plan["answered_by"] = result.names, "paths"
        if self.llm is not None and evidence:
            answers, plan["answered_by"] = answer_with_llm(self.llm, question, evidence, answers)
        ends = {e.name: e for e in reversed(result.answers)}      # a name's best-ranked entity
        answer = Answer(question, tuple(answers), evidence=tuple(evidence), entities=tuple(topics), plan=plan, id=id)
        return TopicAnswer(answer, best, tuple(ends[n] for n in answers if n in ends), match.prior_when_chosen())

    def _asks_undated(self, question: str) -> bool:
        """Whether the question asks for a kind of thing no date is (``AnswerChecks.asks_undated_kind``)."""
        return self.ctx.abstention is not None and self.ctx.abstention.asks_undated_kind(question)

    def rank_chains(self, masked: str, chains) -> list:
        """``chains`` scored against the (masked) question by the chain prior and the rankers, best first."""
        return self.chains.for_question(masked, self.encoder.embed([masked])[0]).rank_chains(chains)

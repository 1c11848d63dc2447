"""RefKG (Refining Knowledge-Graph retrieval: decouple the query, explore the KG hop by hop, refine
the evidence with a fact scorer, reconstruct it as text, answer by joint inference).
See docs/methods/refkg.md for the mapping from the paper to this code."""
from __future__ import annotations

from ...llm import verbalize_fact
from ...retrieval import group_by_chain
from ...rank.scorer import build_scorer
from ...types import Answer, Entity
from ..chain_readings import ChainReadings
from ..context import MethodContext
from ..counting import count_answer
from ..no_answer import abstain, link_or_abstain, no_fact
from ..shared_seed import Seed, default_seed
from ..shared_chains import QuestionPrior, chain_probabilities, load_chain_prior, load_chain_scorer, question_prior
from ..shared_verdict import answers_alike, answers_along, shared_verdict, verdict_method
from .checks import follow_default, lacking_reason, own_reason
from .choosing import chooser
from .judge import ChainJudge, QuestionJudge
from .decoupling import SubQuestion, decouple, tracks
from .exploration import explore
from .options import RefKGOptions
from .refinement import joint_inference, reconstruct, refine, supported

__all__ = ["RefKG"]


class RefKG:
    """RefKG: decoupled sub-queries, bounded hop-by-hop exploration, scorer-refined evidence, joint inference."""

    name = "refkg"
    Options = RefKGOptions

    def __init__(self, ctx: MethodContext):
        self.ctx, self.params = ctx, (p := ctx.options or RefKGOptions())
        self.adapter, self.linker, self.llm = ctx.adapter, ctx.linker, ctx.llm
        self.scorer = build_scorer(p.scorer, ctx.rankers)
        vocabulary = ctx.abstention.vocabulary if ctx.abstention is not None else (lambda: [])
        self.verdict = verdict_method(ctx, p.verdict, self.name)
        self.judge = ChainJudge(ctx.ranker("alignment"), ctx.ranker("embedding"), vocabulary, self.adapter.verbalize)
        ctx.warm_encoder()
        self.trained = load_chain_scorer(ctx, p.chain_model)
        self.prior = load_chain_prior(ctx, p.prior_model)
        self.readings = ChainReadings(ctx, p.chain_readings)

    def answer(self, question: str, *, id: str | None = None) -> Answer:
        link, unlinked = link_or_abstain(self.linker, question, id)
        if unlinked:
            return unlinked
        if (counted := count_answer(question, link, self.answer, id, self.adapter, self.ctx.abstention)) is not None:
            return counted      # "how many": the number of the counted question's answers
        topics, masked = link.topics(), link.masked()
        subs, decoupled_by = decouple(self.llm, question, topics)
        judge = self.judge.for_question(masked, question)
        prior = question_prior(self.prior, self.ctx.encoder, masked)
        plan = {"decoupled_by": decoupled_by, "subqueries": [s.to_json() for s in subs],
                "topic_entities": [e.to_json() for e in topics]}
        named = 0 if prior.probs else self.readings.named_hops(masked)     # where no chain prior speaks
        seed = self._seed(question, plan)
        explored = [self._track(track, topics, judge, prior, named, seed) for track in tracks(subs)]
        plan["exploration"] = [found.to_json() for found, _ in explored]
        paths = [p for found, refined in explored for p in refined.kept_paths(found.paths)]
        plan["refinement"] = [refined.to_json() for _, refined in explored]
        groups = group_by_chain(paths)
        if not groups:
            return abstain(question, no_fact(topics[0]), (), topics, plan, id)
        ranked = self._ranked(question, masked, topics, judge, groups, prior, plan)
        ranked, followed = follow_default(self.verdict if self.params.follow_default else None, question, plan,
                                          ranked, groups, self.judge.words)
        chain, score = ranked[0]
        evidence = [(p, round(score, 4)) for p in groups[chain][: self.params.top_u]]
        own = None if followed else own_reason(self.ctx, self.judge, judge, chain, topics[0].name, plan,
                                               self.params.min_alignment)
        if own and self._default_agrees(question, plan, groups[chain]):
            own = None      # the default method recognised this very chain (read its way): one decision
        reason = None if followed else (own or shared_verdict(self.verdict, question, plan)
                                        or lacking_reason(self.ctx, question, masked, chain, groups[chain],
                                                          topics[0].name, plan))
        if reason:
            return abstain(question, reason, evidence, topics, plan, id)
        answers, plan["answered_by"] = self._infer(question, ranked, groups)
        return Answer(question, answers, evidence=tuple(evidence), entities=tuple(topics), plan=plan, id=id)

    def _ranked(self, question: str, masked: str, topics, judge: QuestionJudge, groups, prior: QuestionPrior,
                plan: dict):
        """The chains found, (chain, score) best first (fewer hops first on a tie), reordered by the
        shared ``ChainReadings`` where no chain prior knows them (another KG than the prior's);
        ``plan["own_chain"]`` names the judge's own best where the readings put another first."""
        chains = list(groups)
        ranked = sorted(zip(chains, self._scores(judge, masked, chains, groups, prior)),
                        key=lambda cs: (-cs[1], len(cs[0])))
        if not self.readings.speak(prior.probs, chains):
            return ranked
        plan["read"] = True
        read = self.readings.order(question, masked, topics, ranked, groups, {c: supported(groups[c]) for c in chains})
        if read[0][0] != ranked[0][0]:
            plan["own_chain"] = self.judge.words(ranked[0][0])
        return read

    def _default_agrees(self, question: str, plan: dict, paths) -> bool:
        """The default method answers along the chosen chain (where the shared readings spoke, even
        when the question names another relation of the KG: the default method's views recognised
        this one), or, where the readings chose it (``plan["own_chain"]``), with the same answers,
        where its plan is a composition that names no one chain."""
        read = "own_chain" in plan
        if plan.get("wanted") and "read" not in plan:
            return False    # where no readings spoke, a question naming another relation is not asked
        return answers_along(self.verdict, question, plan, plan["chain"]) or (
            read and answers_alike(self.verdict, question, plan, [e.name for e in supported(paths)]))

    def _scores(self, judge: QuestionJudge, masked: str, chains, groups, prior: QuestionPrior) -> list[float]:
        """The judge's score of each chain; among the chains whose words align best with the question
        (the question's words cannot tell them apart), plus ``trained_weight`` x the shared chain
        scorer's confidence over those chains; plus ``prior_weight`` x the chain prior's probability."""
        scores = judge.scores(chains, [self._examples(groups[c]) for c in chains],
                              [[p.end.name for p in groups[c][:20]] for c in chains])
        f1 = [judge.alignment(c)[0] for c in chains]
        tied = [c for c, f in zip(chains, f1) if f >= max(f1) - 1e-9]
        trained = chain_probabilities(self.trained, self.ctx.encoder, masked, tied, self.adapter.verbalize,
                                      {c: len(supported(groups[c])) for c in tied})
        p = self.params
        cue = bool(judge.cues)
        return [s + p.trained_weight * trained.get(c, 0.0) + p.prior_weight * prior.of(c, cue) for s, c in zip(scores, chains)]

    def _examples(self, paths, n: int = 2) -> list[str]:
        """A chain's first ``n`` kept paths in words (fact order, the adapter's relation words)."""
        return [". ".join(verbalize_fact(t, self.adapter.verbalize) for t in p.triples) for p in paths[:n]]

    def _seed(self, question: str, plan: dict) -> Seed:
        """The default method's chain as a seed for the exploration (``seed_default``), in ``plan["seed"]``."""
        p = self.params
        seed = default_seed(self.verdict if p.seed_default and p.follow_default else None, question, plan)
        if seed.hops:
            plan["seed"] = seed.to_json()
        return seed

    def _track(self, subs: list[SubQuestion], topics: list[Entity], judge: QuestionJudge, prior: QuestionPrior,
               named_hops: int = 0, seed: Seed = Seed()):
        """Explore from the track's entities (hop i guided by sub-query i), then refine its evidence."""
        p, texts = self.params, [s.text for s in subs]
        starts = list(subs[0].entities) or topics
        wide = self.readings.small_kg() and not prior.probs     # a KG of few relations no prior knows
        choose = chooser(p, self.llm, self.judge, judge, texts, prior, named_hops, p.top_k_small if wide else None, seed)
        found = explore(self.adapter, starts, choose, max_hops=p.max_hops, fanout_cap=p.fanout_cap,
                        max_frontier=p.max_frontier, max_edges=p.max_edges, walks=self.ctx.walks)
        found.record()
        return found, refine(self.scorer, texts, found.hops, self.adapter.verbalize, p.alpha)

    def _infer(self, question: str, ranked, groups) -> tuple[tuple[str, ...], str]:
        """Joint inference over the best chains' kept evidence; LLM-free: the best chain's best-supported ends."""
        fallback = tuple(dict.fromkeys(e.name for e in supported(groups[ranked[0][0]])))
        if self.llm is None:
            return fallback, "paths"
        near = [p for chain, _ in ranked[:3] for p in groups[chain]]
        facts = list(dict.fromkeys(t for p in near for t in p.triples))[: self.params.evidence_facts]
        knowledge, _ = reconstruct(self.llm, question, facts, self.adapter.verbalize)
        candidates = supported(near)[:30]
        answers, source = joint_inference(self.llm, question, knowledge, candidates, fallback)
        return answers, ("llm" if source == "llm" else "paths")

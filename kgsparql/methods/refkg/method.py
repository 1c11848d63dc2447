"""RefKG (Refining Knowledge-Graph retrieval: decouple the query, explore the KG hop by hop, refine
the evidence with a fact scorer, reconstruct it as text, answer by joint inference).
See docs/methods/refkg.md for the mapping from the paper to this code."""
from __future__ import annotations

from ...llm import run_prompt, verbalize_fact
from ...retrieval import group_by_chain
from ...rank.scorer import build_scorer
from ...types import Answer, Entity
from ..abstention import Match
from ..context import MethodContext
from ..counting import count_answer
from ..no_answer import abstain, link_or_abstain, no_fact
from ..shared_chains import QuestionPrior, chain_probabilities, load_chain_prior, load_chain_scorer, question_prior
from ..shared_verdict import answers_along, shared_verdict, verdict_method
from .judge import ChainJudge, QuestionJudge
from .decoupling import SubQuestion, decouple
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

    def answer(self, question: str, *, id: str | None = None) -> Answer:
        link, unlinked = link_or_abstain(self.linker, question, id)
        if unlinked:
            return unlinked
        if (counted := count_answer(question, link, self.answer, id)) is not None:
            return counted      # "how many": the number of the counted question's answers
        topics, masked = link.topics(), link.masked()
        subs, decoupled_by = decouple(self.llm, question, topics)
        judge = self.judge.for_question(masked, question)
        prior = question_prior(self.prior, self.ctx.encoder, masked)
        plan = {"decoupled_by": decoupled_by, "subqueries": [s.to_json() for s in subs],
                "topic_entities": [e.to_json() for e in topics]}
        tracks = [self._track(track, topics, judge, prior) for track in _tracks(subs)]
        plan["exploration"] = [found.to_json() for found, _ in tracks]
        paths = [p for found, refined in tracks for p in refined.kept_paths(found.paths)]
        plan["refinement"] = [refined.to_json() for _, refined in tracks]
        groups = group_by_chain(paths)
        chains = list(groups)
        if not chains:
            return abstain(question, no_fact(topics[0]), (), topics, plan, id)
        scores = self._scores(judge, masked, chains, groups, prior)
        best = max(range(len(chains)), key=lambda i: (scores[i], -len(chains[i])))
        chain = chains[best]
        evidence = [(p, round(scores[best], 4)) for p in groups[chain][: self.params.top_u]]
        own = self._abstention(judge, chain, topics[0].name, plan)
        if own and not plan.get("wanted") and answers_along(self.verdict, question, plan, plan["chain"]):
            own = None      # the default method recognised this very chain: one decision for every method
        reason = (own or shared_verdict(self.verdict, question, plan)
                  or self._lacking(question, masked, chain, groups, topics, plan))
        if reason:
            return abstain(question, reason, evidence, topics, plan, id)
        answers, plan["answered_by"] = self._infer(question, chains, scores, groups, chain)
        return Answer(question, answers, evidence=tuple(evidence), entities=tuple(topics), plan=plan, id=id)

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

    def _track(self, subs: list[SubQuestion], topics: list[Entity], judge: QuestionJudge, prior: QuestionPrior):
        """Explore from the track's entities (hop i guided by sub-query i), then refine its evidence."""
        p, texts = self.params, [s.text for s in subs]
        starts = list(subs[0].entities) or topics
        found = explore(self.adapter, starts, self._chooser(judge, texts, prior), max_hops=p.max_hops,
                        fanout_cap=p.fanout_cap, max_frontier=p.max_frontier, max_edges=p.max_edges,
                        walks=self.ctx.walks)
        found.record()
        return found, refine(self.scorer, texts, found.hops, self.adapter.verbalize, p.alpha)

    def _chooser(self, judge: QuestionJudge, texts: list[str], prior: QuestionPrior):
        def choose(hop, chains, relations, frontier):
            extended = [(*c, r) for c in (chains or [()]) for r in relations]
            cue = bool(judge.cues)
            longer = max(prior.of(c, cue) for c in extended)     # the prior expects a longer chain
            if hop and max(judge.alignment(c)[0] for c in extended) <= max(judge.alignment(c)[0] for c in chains) \
                    and (longer < self.params.prior_continue or longer <= max(prior.of(c, cue) for c in chains)):
                return []      # no longer chain matches the question better: stop exploring
            best: dict = {}
            for chain, score in zip(extended, judge.scores(extended)):
                score += self.params.prior_weight * prior.of(chain, cue)
                best[chain[-1]] = max(score, best.get(chain[-1], -1.0))
            ranked = sorted(relations, key=lambda r: -best[r])
            top = ranked[: self.params.top_k]
            words = [self.judge.words([r]) for r in ranked]
            result = run_prompt(self.llm, "refkg/relations", fallback=None, subquery=texts[min(hop, len(texts) - 1)],
                                entities=list(frontier)[:5], relations=words, k=self.params.top_k)
            return [ranked[i] for i in result.value] if result.value else top
        return choose

    def _abstention(self, judge: QuestionJudge, chain, topic: str, plan: dict) -> str | None:
        f1, order = judge.alignment(chain)
        plan.update(chain=self.judge.words(chain), alignment=round(f1, 4), hop_order=round(order, 4))
        relation_match = self.ctx.abstention
        if relation_match is None:
            return None
        used = {self.adapter.verbalize(r) for r in chain}
        wanted = [label for e in judge.evidence(sorted(used)).values() for label in e if label not in used]
        if not judge.evidence(sorted(used)):
            return None     # the question names no relation of the KG: nothing to compare the chain with
        plan["unnamed_hops"] = judge.unnamed_hops(chain)
        recognised = ("alignment",) if f1 >= self.params.min_alignment and not plan["unnamed_hops"] else ()
        match = Match(plan["chain"], {"alignment": f1}, recognised, wanted[0] if wanted else None)
        if wanted and not recognised:
            plan["wanted"] = wanted[0]     # the question names another relation of the KG
        return relation_match.reason(match, topic)

    def _lacking(self, question: str, masked: str, chain, groups, topics, plan: dict) -> str | None:
        """The shared check every method's chain goes through: the question asks for a relation the KG
        lacks, and the chain's ends are not what that relation gives (``RelationMatch.lacking_reason``)."""
        if self.ctx.abstention is None:
            return None
        ends = supported(groups[chain])
        return self.ctx.abstention.lacking_reason(question, masked, [self.adapter.verbalize(r) for r in chain], ends,
                                                  topics[0].name, plan)

    def _infer(self, question: str, chains, scores, groups, chain) -> tuple[tuple[str, ...], str]:
        """Joint inference over the best chains' kept evidence; LLM-free: the best chain's best-supported ends."""
        fallback = tuple(dict.fromkeys(e.name for e in supported(groups[chain])))
        if self.llm is None:
            return fallback, "paths"
        top = sorted(range(len(chains)), key=lambda i: -scores[i])[:3]
        near = [p for i in top for p in groups[chains[i]]]
        facts = list(dict.fromkeys(t for p in near for t in p.triples))[: self.params.evidence_facts]
        knowledge, _ = reconstruct(self.llm, question, facts, self.adapter.verbalize)
        candidates = supported(near)[:30]
        answers, source = joint_inference(self.llm, question, knowledge, candidates, fallback)
        return answers, ("llm" if source == "llm" else "paths")


def _tracks(subs: list[SubQuestion]) -> list[list[SubQuestion]]:
    """Sub-queries grouped into chains: one starting from entities, then those continuing from it."""
    out: list[list[SubQuestion]] = []
    for s in subs:
        if s.entities or not out:
            out.append([s])
        else:
            out[-1].append(s)
    return out

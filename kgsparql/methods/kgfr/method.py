"""LLM–KGFR: asymmetric progressive propagation from the topic entities (hubs followed only towards
reached entities), training-free question-conditioned node scoring, three retrieval interfaces
(nodes, facts, paths) and an LLM that answers from them with reflection (docs/methods/kgfr.md)."""
from __future__ import annotations

from pathlib import Path as FilePath

from ...retrieval import chain_ends, paths_along
from ...retrieval.propagate import propagate
from ...rank.path_words import chain_words
from ...stats import record_count
from ...types import Answer, Entity
from ..chain_readings import ChainReadings
from ..context import MethodContext
from ..counting import count_answer
from ..no_answer import abstain, link_or_abstain, no_fact
from ..shared_chains import load_chain_prior, load_chain_scorer, question_prior
from ..shared_seed import default_seed
from ..shared_verdict import verdict_method
from .llm_steps import answer_with_reflection
from .chain_scoring import QuestionScorer
from .decision import SETTLED, default_answers, default_chain, followed_chain, mismatch, with_trained
from .descriptions import Descriptions
from .interfaces import interfaces
from .options import KgfrOptions
from .readings import read_ranking
from .retrieved import Retrieved

__all__ = ["KGFR"]


class KGFR:
    """LLM–KGFR: propagate, score nodes for the question, answer from nodes / facts / paths."""

    name = "kgfr"
    Options = KgfrOptions

    def __init__(self, ctx: MethodContext):
        self.ctx, self.params = ctx, ctx.options or KgfrOptions()
        self.adapter, self.linker, self.llm = ctx.adapter, ctx.linker, ctx.llm
        self.encoder, self.aligner = ctx.warm_encoder(), ctx.ranker("alignment")
        kg_id = f"{ctx.settings.store or ''}|{getattr(self.adapter.endpoint, 'name', '')}|{self.adapter.name}"
        model = str(getattr(self.llm, "model", "") or getattr(ctx.settings, "llm", ""))
        cache = Descriptions.cache_path(FilePath(ctx.settings.home_path), kg_id, model)
        self.describe = ctx.models.load(("kgfr-descriptions", kg_id, model, self.params.describe_relations),
                                        lambda: Descriptions(self.adapter.verbalize, self.llm,
                                                             self.params.describe_relations, cache))
        self.verdict = verdict_method(ctx, self.params.verdict, self.name)
        self.trained = load_chain_scorer(ctx, self.params.chain_model)
        self.prior = load_chain_prior(ctx, self.params.prior_model)
        self.readings = ChainReadings(ctx, self.params.chain_readings)

    def answer(self, question: str, *, id: str | None = None) -> Answer:
        link, unlinked = link_or_abstain(self.linker, question, id)
        if unlinked:
            return unlinked
        if (counted := count_answer(question, link, self.answer, id, self.adapter, self.ctx.abstention)) is not None:
            return counted      # "how many": the number of the counted question's answers
        found = self._retrieve(link.topics(), link.masked(), question)
        topics, plan = found.topics, found.plan
        if not found.ranking:
            return abstain(question, no_fact(topics[0], that_answers=False), (), topics, plan, id)
        if (followed := followed_chain(self, found, question)) is not None:
            self._adopt(found, followed)    # the chain the default method answers along, which KGFR reached
        reason = None if followed is not None else mismatch(self, question, found, found.ranking[0])
        if reason and (adopted := default_chain(found, self.adapter.verbalize, self.verdict, question)) is not None:
            self._adopt(found, adopted)     # the default method's chain, which KGFR reached too
            reason = None
        elif reason and default_answers(found, self.verdict, question):
            reason = None       # where the readings spoke: the default method answers the same
        evidence = self._evidence(found)
        if reason:
            return abstain(question, reason, evidence, topics, plan, id)
        answers, plan["answered_by"] = found.answers, "nodes"
        if self.llm is not None:
            answers, plan["answered_by"], plan["rounds"] = answer_with_reflection(
                self.llm, question, found, lambda **kw: self._again(found, **kw), self.params.rounds)
        return Answer(question, tuple(answers), evidence=tuple(evidence), entities=tuple(topics), plan=plan, id=id)

    def _retrieve(self, topics: list[Entity], masked: str, question: str = "") -> Retrieved:
        p = self.params
        scorer = QuestionScorer(masked, self.aligner, self.encoder, self.describe, p.sibling_damping)
        prior = question_prior(self.prior, self.encoder, masked)
        named = 0 if prior.probs else self.readings.named_hops(masked)   # a nested question's hops (no prior)
        asked: dict = {}    # the default method's answer, asked once (plan["verdict"]): its chain's depth
        seed = default_seed(self.verdict if p.seed_default and p.follow_default and question else None, question, asked)
        named = max(named, seed.depth)
        words, names = (lambda c: chain_words(c, self.adapter.verbalize)), (lambda c: [e.name for e in ends[c]])
        for hops in sorted({min(p.settle_hops, p.hops), p.hops}):
            explored = propagate(self.adapter, topics, hops, lam=p.lam, max_frontier=p.max_frontier)
            ends = chain_ends(explored.sub, topics, hops, walks=self.ctx.walks)
            ranking, trained = with_trained(self, scorer.score_chains(list(ends)), masked, ends, prior, scorer.sibling)
            if ranking and ranking[0].score >= SETTLED and not scorer.sibling and hops >= named \
                    and prior.longer_than(hops) < p.prior_continue and seed.reached(list(ends), words, names):
                break       # a chain this short says all the question says: no farther hop can add to it
                            # (a same-kind question, or the prior, may still want a longer walk)
        ranking, read = read_ranking(self.readings, question or masked, masked, topics, ranking, explored.sub,
                                     ends, prior.probs, self.ctx.walks)
        record_count("explored_entities", explored.entities)
        record_count("explored_edges", explored.edges)
        found = Retrieved(list(topics), masked, explored.sub, ranking, ends, trained=trained, prior=prior)
        nodes = self._ranked_nodes(found)
        found.answers = tuple(dict.fromkeys(e.name for e in nodes[: len(ends[ranking[0].chain])])) if ranking else ()
        rel_score: dict = {}
        for s in ranking:
            for r in s.chain:
                rel_score[r] = max(rel_score.get(r, 0.0), s.score)
        found.levels = interfaces(explored.sub, topics, nodes, lambda r: rel_score.get(r, 0.0),
                                  p.top_k, p.top_n, p.top_paths)
        found.plan = {**asked, "topic_entities": [e.to_json() for e in topics], "explored_entities": explored.entities,
                      "explored_edges": explored.edges, "capped_pairs": explored.capped(), "hops": explored.hops,
                      "chains": len(ranking), "sibling": scorer.sibling, "read": read,
                      "relation_words": round(getattr(scorer, "total", 0.0), 4),
                      "candidates": [e.name for e in found.levels.nodes],
                      "chain": chain_words(ranking[0].chain, self.describe) if ranking else None,
                      "chain_score": round(ranking[0].score, 4) if ranking else None}
        return found

    def _adopt(self, found: Retrieved, chosen) -> None:
        """Answer along ``chosen`` (a ranked chain) instead of the best one: it goes first, its ends
        become the answers; ``plan["adopted"]`` names it."""
        found.ranking = [chosen, *(s for s in found.ranking if s is not chosen)]
        found.answers = tuple(dict.fromkeys(e.name for e in self._ranked_nodes(found)[: len(found.ends[chosen.chain])]))
        found.plan["adopted"] = found.plan["chain"] = chain_words(chosen.chain, self.describe)

    def _ranked_nodes(self, found: Retrieved) -> list[Entity]:
        """Node-level ranking: each node takes the score of the best chain reaching it; the nodes of
        one chain by how many paths of that chain reach them, then by name."""
        out: dict[Entity, None] = {}
        for s in found.ranking[: 20]:
            support: dict[Entity, int] = {}
            for path in paths_along(found.sub, found.topics, s.chain, walks=self.ctx.walks):
                support[path.end] = support.get(path.end, 0) + 1
            for e in sorted(found.ends[s.chain], key=lambda e: (-support.get(e, 0), e.name, e.id)):
                out.setdefault(e, None)
        return list(out)

    def _evidence(self, found: Retrieved) -> list:
        best = found.ranking[0]
        paths = paths_along(found.sub, found.topics, best.chain, walks=self.ctx.walks)
        return [(path, round(best.score, 4)) for path in paths[: max(self.params.top_paths, 1)]]

    def _again(self, found: Retrieved, ask=(), focus=()) -> Retrieved | None:
        """A new retrieval for the reflection: the sub-questions (scored in turn, the last one's nodes
        kept) from the same topics, or the named entities as new topics."""
        topics = list(found.topics)
        for name in focus:
            topics.extend(e for e in self.adapter.lookup(name, limit=1) if e not in topics)
        if len(topics) > len(found.topics):
            return self._retrieve(topics, found.masked)
        for sub_question in ask:
            link = self.linker.link(sub_question)
            if link.topic_mention is not None:
                return self._retrieve(link.topics(), link.masked())
        return None

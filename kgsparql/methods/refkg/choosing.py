"""RefKG's relation choice per hop of the exploration (the paper's LLM picks the top-k relations of
the frontier; without one, the chain judge's score plus the default method's chain prior), and when
to stop exploring: no longer chain matches the question better, the prior expects no longer chain,
and the question has named no more relations than the chains have hops (``named_hops``: "where was
the author of X born" names two, from the shared ``ChainReadings``)."""
from __future__ import annotations

from ...llm import run_prompt
from ..shared_chains import QuestionPrior
from ..shared_seed import Seed
from .judge import ChainJudge, QuestionJudge

__all__ = ["chooser"]


def chooser(params, llm, words: ChainJudge, judge: QuestionJudge, texts: list[str], prior: QuestionPrior,
            named_hops: int = 0, k: int | None = None, seed: Seed = Seed()):
    """The ``Chooser`` for one exploration track (``params``: ``RefKGOptions``; ``texts``: its
    sub-queries, hop i guided by text i; ``k``: relations kept per hop without an LLM, ``top_k``
    by default; ``seed``: the default method's chain, whose hop i is followed too and whose length
    the exploration reaches before it may stop)."""
    cue, k = bool(judge.cues), k or params.top_k
    one = lambda r: words.words([r])

    def choose(hop, chains, relations, frontier):
        extended = [(*c, r) for c in (chains or [()]) for r in relations]
        longer = max(prior.of(c, cue) for c in extended)     # the prior expects a longer chain
        if hop >= max(named_hops, 1, seed.depth_at(e.name for e in frontier)) and _no_better(judge, chains, extended) \
                and (longer < params.prior_continue or longer <= max(prior.of(c, cue) for c in chains)):
            return []      # no longer chain matches the question better: stop exploring
        best: dict = {}
        for chain, score in zip(extended, judge.scores(extended)):
            score += params.prior_weight * prior.of(chain, cue)
            best[chain[-1]] = max(score, best.get(chain[-1], -1.0))
        ranked = sorted(relations, key=lambda r: -best[r])
        result = run_prompt(llm, "refkg/relations", fallback=None, subquery=texts[min(hop, len(texts) - 1)],
                            entities=list(frontier)[:5], relations=[words.words([r]) for r in ranked],
                            k=params.top_k)
        chosen = [ranked[i] for i in result.value] if result.value else ranked[:k]
        return [*chosen, *(r for r in seed.at(hop, relations, one) if r not in chosen)]
    return choose


def _no_better(judge: QuestionJudge, chains, extended) -> bool:
    return max(judge.alignment(c)[0] for c in extended) <= max(judge.alignment(c)[0] for c in chains)
